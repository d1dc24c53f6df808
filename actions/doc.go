// Package actions holds the provider's actions (one-shot operations such as
// sending SMS or transcribing a call), one per file.
package actions
