package exporter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestAccExport_promotedImportsByNumberAndName: a folder exported from one
// contact center (staging) and planned against another (production) where
// the same agents and skill groups exist under other ids adopts each agent
// by its number and each group (and its membership) by its name. The import
// blocks named staging's ids: production's agent of that id (another
// person) was imported at the address of the exported number, and the plan
// failed on a missing password, or, with the password a promotion adds to
// create agents, replaced it: deleted it and created the number; and
// production's group of that id was renamed.
func TestAccExport_promotedImportsByNumberAndName(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform plan on an export)")
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatal("TF_ACC is set but the terraform CLI is not on PATH")
	}
	ctx := context.Background()
	pw := "S3cret-pass"
	agent := func(cc *center, num, name string) string {
		t.Helper()
		a, err := cc.c.Agents.Create(ctx, client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw})
		if err != nil {
			t.Fatal(err)
		}
		return strconv.FormatInt(a.UserID.Int64(), 10)
	}
	staging, prod := newCenter(t), newCenter(t)
	s1, s2 := agent(staging, "8001", "Ann"), agent(staging, "8002", "Bo")
	p2, p1 := agent(prod, "8002", "Bo"), agent(prod, "8001", "Ann") // the other way round
	if s1 != p2 || s2 != p1 {
		t.Fatalf("the centers' ids should overlap the other way round: staging 8001=%s 8002=%s, production 8001=%s 8002=%s", s1, s2, p1, p2)
	}

	group := func(cc *center, name, agent string) string {
		t.Helper()
		id, err := cc.c.Queues.Create(ctx, client.SkillGroupInput{QueName: name, QuePriority: 5})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.ParseInt(id, 10, 64)
		a, _ := strconv.ParseInt(agent, 10, 64)
		if err := cc.c.Queues.Assign(ctx, n, []client.AgentSkill{{AgID: a, Skill: 1}}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	sSales, sSupport := group(staging, "Sales", s1), group(staging, "Support", s2)
	pSupport, pSales := group(prod, "Support", p2), group(prod, "Sales", p1)
	if sSales != pSupport || sSupport != pSales {
		t.Fatalf("the centers' group ids should overlap the other way round: staging Sales=%s Support=%s, production Sales=%s Support=%s", sSales, sSupport, pSales, pSupport)
	}

	planPromoted(t, staging, prod, []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers},
		map[string]string{"contactcenter_agent.agent_8001": p1, "contactcenter_agent.agent_8002": p2,
			"contactcenter_skill_group.sales": pSales, "contactcenter_skill_group.support": pSupport,
			"contactcenter_skill_group_members.sales": pSales, "contactcenter_skill_group_members.support": pSupport})
}

// TestAccExport_promotedImportsByTextAndName: as agents by number, an
// exported SMS signature is adopted in another contact center by its text
// (sign_text:<text>) and a template by its name (template_name:<name>).
// The import blocks named staging's ids: production's signature of that id
// (another brand's) was imported at the exported address, and the plan
// replaced it (sign_text forces a new one), deleting it and submitting the
// exported text for review; production's template of that id was
// rewritten and sent back to review.
func TestAccExport_promotedImportsByTextAndName(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("Acceptance tests skipped unless env 'TF_ACC' set (this one runs terraform plan on an export)")
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatal("TF_ACC is set but the terraform CLI is not on PATH")
	}
	ctx := context.Background()
	sig := func(cc *center, text string) int64 {
		t.Helper()
		sg, err := cc.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		return sg.ID.Int64()
	}
	tpl := func(cc *center, name string, sign int64) int64 {
		t.Helper()
		tp, err := cc.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: name, TemplateContents: "Hello ${name}", SignID: sign})
		if err != nil {
			t.Fatal(err)
		}
		return tp.ID.Int64()
	}
	staging, prod := newCenter(t), newCenter(t)
	sAcme, sBeta := sig(staging, "Acme"), sig(staging, "Beta")
	pBeta, pAcme := sig(prod, "Beta"), sig(prod, "Acme") // the other way round
	sParcel, sNotice := tpl(staging, "Parcel", sAcme), tpl(staging, "Notice", sBeta)
	pNotice, pParcel := tpl(prod, "Notice", pBeta), tpl(prod, "Parcel", pAcme)
	if sAcme != pBeta || sBeta != pAcme || sParcel != pNotice || sNotice != pParcel {
		t.Fatalf("the centers' ids should overlap the other way round: staging Acme=%d Parcel=%d, production Beta=%d Notice=%d", sAcme, sParcel, pBeta, pNotice)
	}

	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	planPromoted(t, staging, prod, []exporter.Kind{exporter.KindSMSSignatures, exporter.KindSMSTemplates},
		map[string]string{"contactcenter_sms_signature.acme": id(pAcme), "contactcenter_sms_signature.beta": id(pBeta),
			"contactcenter_sms_template.parcel": id(pParcel), "contactcenter_sms_template.notice": id(pNotice)})
}

// planPromoted exports the kinds of staging and plans the folder against
// prod: the plan must import each address of want at prod's id it names,
// with no change, and do nothing else.
func planPromoted(t *testing.T, staging, prod *center, kinds []exporter.Kind, want map[string]string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cc")
	if _, err := exporter.Export(context.Background(), staging.c, exporter.Options{Dir: dir, Kinds: kinds}); err != nil {
		t.Fatal(err)
	}
	tf := newTerraform(t, dir, providerDir(t), prod.origin)
	out, code := tf.runCode("plan", "-input=false", "-no-color", "-out=tfplan")
	if code != 0 {
		t.Fatalf("plan against production: exit %d\n%s", code, tail(out, 60))
	}
	if summary := fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", len(want)); !strings.Contains(out, summary) {
		t.Errorf("plan against production, want %d imports and nothing else:\n%s", len(want), tail(out, 60))
	}
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(tf.run("show", "-json", "tfplan")), &plan); err != nil {
		t.Fatal(err)
	}
	for _, rc := range plan.ResourceChanges {
		after, _ := rc.Change.After.(map[string]any)
		if got := after["id"]; got != want[rc.Address] || !rc.Change.Actions.NoOp() {
			t.Errorf("%s: %v production id %v, want a no-change import of production's %s", rc.Address, rc.Change.Actions, got, want[rc.Address])
		}
	}
}
