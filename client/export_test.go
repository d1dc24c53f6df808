package client

// SetMaxAnswer sets the most read of one answer until the returned
// function restores it. Only for tests that do not run in parallel.
func SetMaxAnswer(n int64) (restore func()) {
	old := maxAnswer
	maxAnswer = n
	return func() { maxAnswer = old }
}
