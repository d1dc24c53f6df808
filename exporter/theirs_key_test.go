package exporter_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_forceLeavesOutSMSYourFilesImportByKey: an SMS signature or
// template that the user's own files import by its text or name
// (sign_text:<text>, template_name:<name>, the form the export writes) is
// theirs, as one imported by id is: --force writes no second resource or
// import block for it (two resources managing one object, or "Duplicate
// resource"), and the template's sign_id names the user's signature.
func TestExport_forceLeavesOutSMSYourFilesImportByKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cc := newCenter(t)
	sg, err := cc.c.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := cc.c.SMS.CreateTemplate(ctx, client.SMSTemplateInput{TemplateName: "Parcel", TemplateContents: "Hi ${name}", SignID: sg.ID.Int64()})
	if err != nil {
		t.Fatal(err)
	}
	sigID, tplID := strconv.FormatInt(sg.ID.Int64(), 10), strconv.FormatInt(tp.ID.Int64(), 10)
	dir := t.TempDir()
	mine := "resource \"contactcenter_sms_signature\" \"brand\" {\n  sign_text = \"Acme\"\n}\n\n" +
		"import {\n  to = contactcenter_sms_signature.brand\n  id = \"sign_text:Acme\"\n}\n\n" +
		"resource \"contactcenter_sms_template\" \"mine\" {\n  template_name = \"Parcel\"\n  template_contents = \"Hi $${name}\"\n  sign_id = contactcenter_sms_signature.brand.id\n}\n\n" +
		"import {\n  to = contactcenter_sms_template.mine\n  id = \"template_name:Parcel\"\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Force: true,
		Kinds: []exporter.Kind{exporter.KindSMSSignatures, exporter.KindSMSTemplates}})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	notes := strings.Join(sum.Notes, "\n")
	for _, want := range []string{
		"declared in your own configuration, left out: contactcenter_sms_signature " + sigID + " is contactcenter_sms_signature.brand in main.tf:1",
		"declared in your own configuration, left out: contactcenter_sms_template " + tplID + " is contactcenter_sms_template.mine in main.tf:10",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	imports, _ := os.ReadFile(filepath.Join(dir, "imports.tf"))
	if strings.Contains(string(imports), "contactcenter_sms_") {
		t.Errorf("the signature or template your files import is imported again:\n%s", imports)
	}
	for _, f := range []string{"sms_signatures.tf", "sms_templates.tf"} {
		if b, err := os.ReadFile(filepath.Join(dir, f)); err == nil && strings.Contains(string(b), "resource ") {
			t.Errorf("%s writes a second resource for yours:\n%s", f, b)
		}
	}
}
