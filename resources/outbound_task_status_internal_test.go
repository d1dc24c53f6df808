package resources

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TestUnknownTaskStatus_plannedUnknown: a task the platform holds in a
// status the provider does not know ("3"), planned with a status known
// only at apply (status = a resource's output), was warned of as
// `This plan sets it to "" (status = "" is the configured value ...)`.
func TestUnknownTaskStatus_plannedUnknown(t *testing.T) {
	title, detail, ok := unknownTaskStatus(types.StringValue("701"), types.StringValue("3"), types.StringUnknown())
	if !ok || title != "Outbound Task Status Overwritten" {
		t.Fatalf("got %q, %v; want the overwritten warning", title, ok)
	}
	if strings.Contains(detail, `""`) || !strings.Contains(detail, "known only at apply") {
		t.Errorf("detail %q: want it to say the status is known only at apply, without an empty status", detail)
	}
	if !strings.Contains(detail, "Outbound task 701 has status 3 on the platform") {
		t.Errorf("detail %q does not name the task and its status", detail)
	}
	// A known planned status is still named.
	if _, detail, _ := unknownTaskStatus(types.StringValue("701"), types.StringValue("3"), types.StringValue("open")); !strings.Contains(detail, `sets it to "open"`) {
		t.Errorf("known: %q", detail)
	}
}
