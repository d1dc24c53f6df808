package importer

// Backend is the platform as the importer sees it.
type Backend struct {
	Agents AgentAPI
	// Open sends through the open interface (§4.1 type-2 batch send);
	// Gateway through the SMS gateway (§4.8 send_batch).
	Open    SMSSender
	Gateway SMSSender
}
