package resources

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestImportKeyRefusesSeveral: the spec does not make a signature's text
// (or a template's name) unique, so an import by it that finds several
// objects is refused, naming each one's id and state, rather than taking
// one of them at random.
func TestImportKeyRefusesSeveral(t *testing.T) {
	k := &importKey{prefix: "sign_text:", title: "SMS Signature", field: "sign_text", noun: "SMS signature", value: "signature text", idField: "id", list: "x",
		find: keyFind{exact: func(context.Context, *client.Client, string) ([]keyMatch, error) {
			return []keyMatch{{id: 101, state: "state approved", held: "Acme"}, {id: 103, state: "state rejected", held: "Acme"}}, nil
		}}}
	resp := &resource.ImportStateResponse{}
	k.importByKey(t.Context(), nil, "Acme", resp, nil)
	d := resp.Diagnostics
	if len(d) != 1 || d[0].Summary() != "Cannot Import Ambiguous SMS Signature" ||
		d[0].Detail() != `sign_text "Acme": 2 SMS signatures have this signature text (sign_text, matched exactly, letter case and spaces included): `+
			`101 (state approved), 103 (state rejected). Import the one to manage by the SMS signature's numeric id (id) instead: `+
			`terraform import <address> <id>, or id = "<id>" in the import block.` {
		t.Errorf("import of a text two signatures have: %v", d)
	}
}
