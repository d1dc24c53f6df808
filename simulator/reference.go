package simulator

// ReferenceState holds the simulator's reference objects (see DESIGN §4).
type ReferenceState struct{}

func (x *ReferenceState) init() {}
