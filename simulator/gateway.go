package simulator

// GatewayState holds the simulator's gateway objects (see DESIGN §4).
type GatewayState struct{}

func (x *GatewayState) init() {}
