package exporter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadTheirs: any .tf or .tf.json file of the user's in the export's
// folder is read without a panic: either what it declares, or an error
// naming the file.
func FuzzReadTheirs(f *testing.F) {
	for _, src := range []string{
		`resource "contactcenter_skill_group" "sales" { name = "Sales" }`,
		"import {\n  to = contactcenter_skill_group.sales\n  id = \"101\"\n}\n",
		"import {\n  to = contactcenter_skill_group_member.m\n  identity = { que_id = 1, agent_id = \"2\" }\n}\n",
		"import {\n  to = contactcenter_skill_group_member.m\n  identity = { que_id = 1, agent_id = true ? null : \"2\" }\n}\n",
		"import {\n  to = contactcenter_webhook.w\n  identity = { id = false ? \"1\" : null }\n}\n",
		"import {\n  for_each = toset([\"a\"])\n  to = contactcenter_webhook.w[each.key]\n  id = each.key\n}\n",
		"import {\n  to = module.m[\"a\"].contactcenter_webhook.w[0]\n  id = 5\n}\n",
		"import {\n  to = contactcenter_webhook.w[true]\n  id = 1e400\n}\n",
		"moved {\n  from = contactcenter_webhook.a\n  to = contactcenter_webhook.b\n}\nremoved {\n  from = contactcenter_webhook.c\n}\n",
		"terraform {\n  required_providers {\n    contactcenter = { source = \"contactcenter/contactcenter\" }\n  }\n}\nprovider \"contactcenter\" {}\n",
		`{"resource": {"contactcenter_webhook": {"w": {"name": "x"}}}, "import": [{"to": "contactcenter_webhook.w", "id": "3"}]}`,
	} {
		f.Add(src, strings.HasPrefix(src, "{"))
	}
	f.Fuzz(func(t *testing.T, src string, isJSON bool) {
		dir := t.TempDir()
		name := "main.tf"
		if isJSON {
			name += ".json"
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := readTheirs(dir, AllKinds, nil)
		if err != nil && !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	})
}
