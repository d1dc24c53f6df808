package simulator

// SoundsState holds the simulator's sounds objects (see DESIGN §4).
type SoundsState struct{}

func (x *SoundsState) init() {}

// soundName returns the name of a voice file by id, for a skill group's
// wait_audio.
func (x *SoundsState) soundName(id string) (string, bool) { return "", false }
