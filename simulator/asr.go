package simulator

// ASRState holds the simulator's asr objects (see DESIGN §4).
type ASRState struct{}

func (x *ASRState) init() {}
