package importer

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestMobileCellReadAsMobileNormalize: a recipient list's mobile cell and
// provider::contactcenter::mobile_normalize (client.CompactMobile, then
// client.ValidMobile) read a number one way: a number copied from a
// spreadsheet into a tfvars file comes out as it comes out of the cell.
// The cell took brackets, dots, a no-break space, en dashes and a 0086
// prefix that the function refused; the function took a "+" after a dash
// that the cell refused.
func TestMobileCellReadAsMobileNormalize(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"13800138000", "+86 138-0013-8000", "+86 (138) 0013 8000", "(+86) 138 0013 8000",
		"138.0013.8000", "138\u00a00013\u00a08000", "138–0013–8000", "138—0013—8000", "138\u22120013\u22128000",
		"0086 138 0013 8000", "8613800138000", "- +86 138 0013 8000", "(138) 0013-8000",
		// refused by both
		"138/0013/8000", "+86 138+0013-8000", "1(+86)3800138000", "138\u202f0013\u202f8000",
		"13800138000\u200b", "１３８００１３８０００", "Tel: 13800138000", "+4413800138000", "0086 128 0013 8000", "12800138000",
	} {
		c := Cell{Raw: in, Text: in}
		got, rule := normalizeMobile(c)
		want, ok := client.CompactMobile(in), client.ValidMobile(client.CompactMobile(in))
		switch {
		case ok && (rule != "" || got != want):
			t.Errorf("%q: mobile_normalize reads %q, the recipient cell %q (%s)", in, want, got, rule)
		case !ok && rule == "":
			t.Errorf("%q: mobile_normalize refuses it, the recipient cell reads %q", in, got)
		}
	}
}
