package datasources_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// fakeClock is a simulator clock the test moves on.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *fakeClock) Add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// TestSMSRecordsDataSource_basic: the records of a template's sends, as
// sent, then with their receipts; a mobile written with +86, spaces or
// dashes finds the number the platform stores without them. In process:
// the checks are of what the data source reads (the signature and the
// template, which the CLI test made with resources, are made with the
// client, and each step reads on a provider of its own, as each terraform
// command starts one).
func TestSMSRecordsDataSource_basic(t *testing.T) {
	t.Parallel()
	clk := &fakeClock{now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.Local)}
	env := acctest.New(t, func(o *simulator.Options) { o.Now = clk.Now })
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Parcel",
		TemplateContents: "Hi ${name}, parcel ${parcel} is on its way", SignID: int64(sg.ID), Action: client.TemplateActionSubmit})
	if err != nil {
		t.Fatal(err)
	}
	send := func() {
		if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
			t.Fatal(err)
		}
		tp, err := c.SMS.GetTemplate(t.Context(), 3001)
		if err != nil {
			t.Fatal(err)
		}
		phone, _ := client.BatchPhone(tp.TplParam, []client.SMSRecipient{
			{Mobile: "13800138000", Params: map[string]string{"name": "Ann", "parcel": "P1"}},
			{Mobile: "13900000000", Params: map[string]string{"name": "Bob", "parcel": "P2"}},
		})
		res, err := c.SMS.Send(t.Context(), client.SMSSendInput{Phone: phone, Type: 2, TemplateID: "3001"})
		if err != nil || len(res.Success) != 2 {
			t.Fatalf("send: %+v %v", res, err)
		}
	}
	tplID := tpl.TplID.Int64()
	configs := map[string]map[string]any{
		"parcel": {"tpl_id": tplID, "start_time": "2026-03-01 00:00:00"},
		// The number as people write it: the platform stores it without +86.
		"ann": {"tpl_id": tplID, "mobile": "+8613800138000"},
		// With spaces and dashes, as on a business card.
		"ann_written": {"tpl_id": tplID, "mobile": "+86 138 0013-8000"},
		"failed":      {"tpl_id": tplID, "result": 0},
	}
	// read is a step's reads: each data source validated and read, on one
	// provider.
	read := func(step string) map[string]map[string]any {
		t.Helper()
		srv := env.ActionServer(t)
		out := map[string]map[string]any{}
		for name, config := range configs {
			b, _ := json.Marshal(config)
			v, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{
				TypeName: "contactcenter_sms_records", Config: &tfprotov6.DynamicValue{JSON: b}})
			if err != nil || len(v.Diagnostics) != 0 {
				t.Fatalf("%s: validate %s: %v %v", step, name, err, v.Diagnostics)
			}
			state, d := acctest.ReadDataSource(t, srv, "contactcenter_sms_records", config)
			if state == nil {
				t.Fatalf("%s: read %s: %v", step, name, d)
			}
			out[name] = state
		}
		return out
	}
	expect := func(step string, got map[string]map[string]any, name string, path tfjsonpath.Path, want knownvalue.Check) {
		t.Helper()
		if err := acctest.ExpectValue(got[name], path, want); err != nil {
			t.Errorf("%s: data.contactcenter_sms_records.%s: %v", step, name, err)
		}
	}

	got := read("before the send")
	expect("before the send", got, "parcel", tfjsonpath.New("records"), knownvalue.ListSizeExact(0))

	// Just sent: both records are -1 (sent), nothing delivered yet.
	send()
	got = read("just sent")
	expect("just sent", got, "parcel", tfjsonpath.New("records"), knownvalue.ListExact([]knownvalue.Check{
		knownvalue.ObjectPartial(map[string]knownvalue.Check{
			"mobile": knownvalue.StringExact("13900000000"), "result": knownvalue.Int64Exact(-1),
			"time_send": knownvalue.StringExact(""), "time_add": knownvalue.StringExact("2026-03-01 10:00:00"),
		}),
		knownvalue.ObjectPartial(map[string]knownvalue.Check{
			"mobile": knownvalue.StringExact("13800138000"), "result": knownvalue.Int64Exact(-1),
			"sms_text":   knownvalue.StringExact("【Acme】Hi Ann, parcel P1 is on its way"),
			"sms_params": knownvalue.StringRegexp(regexp.MustCompile(`"parcel":"P1"`)),
		}),
	}))
	expect("just sent", got, "ann", tfjsonpath.New("records"), knownvalue.ListExact([]knownvalue.Check{
		knownvalue.ObjectPartial(map[string]knownvalue.Check{"mobile": knownvalue.StringExact("13800138000")}),
	}))
	expect("just sent", got, "ann_written", tfjsonpath.New("records"), knownvalue.ListExact([]knownvalue.Check{
		knownvalue.ObjectPartial(map[string]knownvalue.Check{"mobile": knownvalue.StringExact("13800138000")}),
	}))

	// Later the receipts arrive: one delivered, the unreachable number failed.
	clk.Add(10 * time.Second)
	got = read("receipts")
	expect("receipts", got, "parcel", tfjsonpath.New("records").AtSliceIndex(1), knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"result": knownvalue.Int64Exact(1), "result_name": knownvalue.StringExact("success"),
		"time_send": knownvalue.StringExact("2026-03-01 10:00:01"), "time_delivered": knownvalue.StringExact("2026-03-01 10:00:03"),
	}))
	expect("receipts", got, "failed", tfjsonpath.New("records"), knownvalue.ListExact([]knownvalue.Check{
		knownvalue.ObjectPartial(map[string]knownvalue.Check{
			"mobile": knownvalue.StringExact("13900000000"), "result": knownvalue.Int64Exact(0),
			"errmsg": knownvalue.StringRegexp(regexp.MustCompile(`unreachable`)),
		}),
	}))
}

// TestAccSMSRecordsDataSource_validation: a time not written yyyy-mm-dd
// HH:ii:ss, one that is not a calendar date (February 30th, hour 25) and a
// range that ends before it starts fail at plan time, before any API call.
func TestAccSMSRecordsDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"start_time not a date": {Config: `data "contactcenter_sms_records" "x" { start_time = "2026-02-30 09:00:00" }`,
			Want: `start_time "2026-02-30 09:00:00" is not a date`},
		"end_time not a date": {Config: `data "contactcenter_sms_records" "x" { end_time = "2026-04-31 23:59:59" }`,
			Want: `end_time "2026-04-31 23:59:59" is not a date`},
		// The cases below were PlanOnly steps of the CLI test that is now TestSMSRecordsDataSource_basic.
		"start_time without the time": {Config: `data "contactcenter_sms_records" "x" { start_time = "2026-03-01" }`,
			Want: `must be a time written yyyy-mm-dd HH:ii:ss`},
		// Written right, but no time of the calendar: said so, in words,
		// not Go's parse error.
		"end_time hour 25": {Config: `data "contactcenter_sms_records" "x" { end_time = "2026-03-01 25:00:00" }`,
			Want: `end_time "2026-03-01 25:00:00" is not a date and time of the calendar, though written yyyy-mm-dd HH:ii:ss`},
		"start_time February 30th, the rule said": {Config: `data "contactcenter_sms_records" "x" { start_time = "2026-02-30 00:00:00" }`,
			Want: `start_time "2026-02-30 00:00:00" is not a date and time of the calendar, though written yyyy-mm-dd HH:ii:ss (months 01-12, the days the month has, hours 00-23`},
		"end before start": {Config: `data "contactcenter_sms_records" "x" {
  start_time = "2026-03-02 00:00:00"
  end_time   = "2026-03-01 00:00:00"
}`, Want: `end_time "2026-03-01 00:00:00" is before start_time`},
	})
}

// TestSMSRecordsDataSource_signIDAndOneSecond: sign_id reads the records of
// one signature only, with messages of two signatures sent; and a range
// whose start_time and end_time are the same second is accepted and reads
// what was sent in that second.
func TestSMSRecordsDataSource_signIDAndOneSecond(t *testing.T) {
	t.Parallel()
	clk := &fakeClock{now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.Local)}
	env := acctest.New(t, func(o *simulator.Options) { o.Now = clk.Now })
	c := env.Client(t)
	signIDs := map[string]int64{}
	for i, text := range []string{"Acme", "Globex"} {
		sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		if sg, err = c.SMS.GetSignature(t.Context(), sg.ID.Int64()); err != nil {
			t.Fatal(err)
		}
		signIDs[text] = sg.SignID.Int64()
		tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: text, TemplateContents: "Hi from " + text, SignID: sg.ID.Int64()})
		if err != nil {
			t.Fatal(err)
		}
		if err := env.Sim.Review("sms_template", fmt.Sprint(tp.ID), 1, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := c.SMS.Send(t.Context(), client.SMSSendInput{Phone: fmt.Sprintf("1380013800%d", i), Type: 1, TemplateID: fmt.Sprint(tp.ID)}); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Minute)
	}
	if signIDs["Acme"] == signIDs["Globex"] {
		t.Fatalf("two signatures with one sign_id: %v", signIDs)
	}
	srv := env.ActionServer(t) // configured for the simulator
	read := func(config map[string]any) []any {
		t.Helper()
		state, d := acctest.ReadDataSource(t, srv, "contactcenter_sms_records", config)
		if state == nil {
			t.Fatalf("read %v: %v", config, d)
		}
		recs, _ := state["records"].([]any)
		return recs
	}
	texts := func(recs []any) []string {
		var out []string
		for _, r := range recs {
			out = append(out, fmt.Sprint(r.(map[string]any)["sms_text"]))
		}
		return out
	}
	if got := texts(read(map[string]any{"sign_id": signIDs["Globex"]})); len(got) != 1 || got[0] != "【Globex】Hi from Globex" {
		t.Errorf("sign_id of Globex: records %q, want Globex's one", got)
	}
	if got := texts(read(map[string]any{})); len(got) != 2 {
		t.Errorf("no filter: records %q, want both", got)
	}

	second := map[string]any{"start_time": "2026-03-01 10:01:00", "end_time": "2026-03-01 10:01:00"}
	b, _ := json.Marshal(second)
	r, err := srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{
		TypeName: "contactcenter_sms_records", Config: &tfprotov6.DynamicValue{JSON: b}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Diagnostics) != 0 {
		t.Errorf("start_time equal to end_time: %s: %s, want it accepted", r.Diagnostics[0].Summary, r.Diagnostics[0].Detail)
	}
	if got := texts(read(second)); len(got) != 1 || got[0] != "【Globex】Hi from Globex" {
		t.Errorf("the second 10:01:00: records %q, want the one sent then", got)
	}
}

// TestSMSRecordsDataSource_templateIDGiven: tpl_id given a template's id
// (what sends take) where records carry its platform id listed nothing
// without a word; it warns naming the field, the rule and the value to
// write. Its platform id, and a number no template has, list as before
// without a warning.
func TestSMSRecordsDataSource_templateIDGiven(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Parcel",
		TemplateContents: "Hi ${name}", SignID: int64(sg.ID), Action: client.TemplateActionSubmit})
	if err != nil {
		t.Fatal(err)
	}
	if tpl.ID.Int64() == tpl.TplID.Int64() {
		t.Fatalf("template id and platform id are both %d: the test needs them apart", tpl.ID.Int64())
	}
	want := fmt.Sprintf(`tpl_id = %d is the id of SMS template "Parcel", not its platform template id: send records carry the platform id `+
		`(the template's tpl_id), which the record list filters by, and no template has the platform id %[1]d, so no record matched. `+
		`Write tpl_id = %d, that template's tpl_id (contactcenter_sms_template.x.tpl_id, not its id).`, tpl.ID.Int64(), tpl.TplID.Int64())
	checkPlatformIDWarning(t, env, "tpl_id", tpl.ID.Int64(), "tpl_id Is a Template's id, Not Its Platform id", want, tpl.TplID.Int64())
}

// checkPlatformIDWarning reads contactcenter_sms_records with attr = given
// (an object's id where records carry its platform id): one warning at
// attr, summary and detail as given; platformID, and a number no object
// has, read with no diagnostic.
func checkPlatformIDWarning(t *testing.T, env *acctest.Env, attr string, given int64, summary, want string, platformID int64) {
	t.Helper()
	srv := env.ActionServer(t)
	state, d := acctest.ReadDataSource(t, srv, "contactcenter_sms_records", map[string]any{attr: given})
	if state == nil || len(d) != 1 || d[0].Severity != tfprotov6.DiagnosticSeverityWarning {
		t.Fatalf("%s = the object's id: diagnostics %v, want one warning", attr, d)
	}
	if d[0].Summary != summary || d[0].Detail != want || fmt.Sprint(d[0].Attribute) != fmt.Sprintf("AttributeName(%q)", attr) {
		t.Errorf("warning:\n%s: %s (at %v)\nwant:\n%s", d[0].Summary, d[0].Detail, d[0].Attribute, want)
	}
	for _, v := range []int64{platformID, 999999} {
		if state, d := acctest.ReadDataSource(t, srv, "contactcenter_sms_records", map[string]any{attr: v}); state == nil || len(d) != 0 {
			t.Errorf("%s = %d (the platform id, or one no object has): diagnostics %v, want none", attr, v, d)
		}
	}
}

// TestSMSRecordsDataSource_signatureIDGiven: sign_id given a signature's
// id (what a template's sign_id takes) where records carry its platform
// id listed nothing without a word; it warns naming the signature and the
// value to write. Its platform id, and a number no signature has, list as
// before without a warning.
func TestSMSRecordsDataSource_signatureIDGiven(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.ID.Int64() == sg.SignID.Int64() {
		t.Fatalf("signature id and platform id are both %d: the test needs them apart", sg.ID.Int64())
	}
	want := fmt.Sprintf(`sign_id = %d is the id of SMS signature "Acme", not its platform signature id: send records carry the platform id `+
		`(the signature's sign_id), which the record list filters by, and no signature has the platform id %[1]d, so no record matched. `+
		`Write sign_id = %d, that signature's sign_id (contactcenter_sms_signature.x.sign_id, not its id, which a template's sign_id takes).`, sg.ID.Int64(), sg.SignID.Int64())
	checkPlatformIDWarning(t, env, "sign_id", sg.ID.Int64(), "sign_id Is a Signature's id, Not Its Platform id", want, sg.SignID.Int64())
}
