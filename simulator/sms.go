package simulator

// SMSState holds the simulator's sms objects (see DESIGN §4).
type SMSState struct{}

func (x *SMSState) init() {}
