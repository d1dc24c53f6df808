package main

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// TestHelp_namesTheConstantsDurations: ccsync sms send --help says how
// old a batch in doubt must be before a run settles it, and every
// command's --max-retries how long HTTP 429s are waited out, from the
// constants the code waits by (importer's recordsSettle, client's
// DefaultRateLimitPatience); the text was typed beside them.
func TestHelp_namesTheConstantsDurations(t *testing.T) {
	_, o, e := runSMSCmd("send", "--help")
	help := o + e
	if !strings.Contains(help, "sent once its batch is "+importer.RecordsSettleText+" old") || strings.Contains(help, "{settle}") {
		t.Errorf("sms send --help does not say the batch's age %q:\n%s", importer.RecordsSettleText, help)
	}
	if !strings.Contains(help, "is retried for up to "+client.DefaultRateLimitPatienceText+",") {
		t.Errorf("--max-retries does not say the wait %q:\n%s", client.DefaultRateLimitPatienceText, help)
	}
}
