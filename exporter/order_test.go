package exporter_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_twoCentersSameOrder: two contact centers (staging and
// production) holding the same agents, skill groups, SMS signatures and
// templates, made in another order, export the same folder but for the
// origin versions.tf names: the import blocks name numbers, names and
// texts, and the blocks are written in their order, not by id, so a diff of
// the two folders shows what differs, not the order the objects were made.
func TestExport_twoCentersSameOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	fill := func(cc *center, nums, groups, texts []string) {
		t.Helper()
		pw := "S3cret-pass"
		for _, num := range nums {
			name := "Agent " + num
			if _, err := cc.c.Agents.Create(ctx, client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw}); err != nil {
				t.Fatal(err)
			}
		}
		for _, g := range groups {
			if _, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: g, QuePriority: 1}); err != nil {
				t.Fatal(err)
			}
		}
		for _, text := range texts {
			sg, err := cc.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: text})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cc.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Notice " + text, TemplateContents: "Hi ${name}", SignID: sg.ID.Int64()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	staging, prod := newCenter(t), newCenter(t)
	fill(staging, []string{"8001", "8002", "8003"}, []string{"Sales", "Support", "Billing"}, []string{"Acme", "Beta", "Gamma"})
	fill(prod, []string{"8003", "8001", "8002"}, []string{"Support", "Billing", "Sales"}, []string{"Gamma", "Acme", "Beta"})
	kinds := []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSMSSignatures, exporter.KindSMSTemplates}
	export := func(cc *center) string {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "cc")
		if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: kinds}); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	a, b := export(staging), export(prod)
	for _, f := range []string{"imports.tf", "agents.tf", "skill_groups.tf", "sms_signatures.tf", "sms_templates.tf"} {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(string(x), string(y)); d != "" {
			t.Errorf("%s differs between the two centers (-staging +production):\n%s", f, d)
		}
	}
}
