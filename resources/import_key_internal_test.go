package resources

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestImportKeyRefusesSeveral: the spec does not make a signature's text
// (or a template's name) unique, so an import by it that finds several
// objects is refused, naming each one's id and state, rather than taking
// one of them at random.
func TestImportKeyRefusesSeveral(t *testing.T) {
	k := &importKey{prefix: "sign_text:", title: "SMS Signature", field: "sign_text", list: "x",
		find: func(context.Context, *client.Client, string) ([]keyMatch, error) {
			return []keyMatch{{101, "state approved"}, {103, "state rejected"}}, nil
		}}
	resp := &resource.ImportStateResponse{}
	k.importByKey(t.Context(), nil, "Acme", resp, nil)
	d := resp.Diagnostics
	if len(d) != 1 || d[0].Summary() != "Cannot Import Ambiguous SMS Signature" ||
		!strings.Contains(d[0].Detail(), `sign_text "Acme": 2 SMS signatures have this sign_text: 101 (state approved), 103 (state rejected)`) {
		t.Errorf("import of a text two signatures have: %v", d)
	}
}
