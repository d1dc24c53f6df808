package simulator

// WebhooksState holds the simulator's webhooks objects (see DESIGN §4).
type WebhooksState struct{}

func (x *WebhooksState) init() {}
