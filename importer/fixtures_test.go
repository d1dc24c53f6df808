package importer_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// TestFixtures_readClean keeps the committed demo spreadsheets valid.
func TestFixtures_readClean(t *testing.T) {
	t.Parallel()
	r, probs, err := importer.ReadRoster("../examples/spreadsheets/agents.xlsx")
	if err != nil || len(probs) > 0 {
		t.Fatalf("agents.xlsx: %v %v", err, lines(probs))
	}
	if len(r.Rows) != 20 || r.Rows[0].Get("user_num") != "9001" || r.Rows[0].Get("user_sms_phone") != "13900000000" {
		t.Errorf("agents.xlsx: %d rows, first %v", len(r.Rows), r.Rows[0].Vals)
	}
	l, probs, err := importer.ReadRecipients("../examples/spreadsheets/recipients.xlsx", []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatalf("recipients.xlsx: %v %v", err, lines(probs))
	}
	if len(l.Rows) != 25 || l.Unique() != 24 || l.Rows[0].Params[1] != "2026-12-01" || l.Rows[3].DuplicateOf != 2 {
		t.Errorf("recipients.xlsx: %d rows, %d unique, first %+v, fourth %+v", len(l.Rows), l.Unique(), l.Rows[0], l.Rows[3])
	}
}
