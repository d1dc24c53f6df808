package exporter_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestErrInput_notInMessage: an error in what was asked for is still
// errors.Is ErrInput, and its message no longer starts "bad input: ".
func TestErrInput_notInMessage(t *testing.T) {
	_, err := exporter.ParseKinds("agents,queues")
	if !errors.Is(err, exporter.ErrInput) || strings.Contains(err.Error(), "bad input") || !strings.HasPrefix(err.Error(), `unknown kind "queues"`) {
		t.Errorf("err %v (Is ErrInput: %v); want an ErrInput saying unknown kind without \"bad input\"", err, errors.Is(err, exporter.ErrInput))
	}
}
