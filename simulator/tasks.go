package simulator

// TasksState holds the simulator's tasks objects (see DESIGN §4).
type TasksState struct{}

func (x *TasksState) init() {}
