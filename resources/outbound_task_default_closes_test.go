package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A task whose configuration leaves status out (it defaults to closed) is
// opened after the apply, in the portal or with the
// contactcenter_outbound_task_status action, and dials. The next plan, made
// for anything else, closed it: it showed `status = "open" -> "closed"`
// among the other changes and said nothing, and the apply stopped a
// campaign that no one had asked to stop. The plan now warns, naming the
// task, and says how to keep it dialing; a configured status does not
// warn (the user wrote what the task should be).
func TestAccOutboundTask_defaultStatusClosingAnOpenTaskWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	noStatus := strings.Replace(automaticConfig("closed"), "  status   = \"closed\"\n", "", 1)
	w := env.Workdir(t)
	w.WriteBody(noStatus)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`status = "open" -> "closed"`,
		`Warning: Outbound Task Closed by the Default Status`,
		`Outbound task 701 ("Payment reminders") is open (it dials) on the platform (status = "open"), opened outside this configuration, whose status is not set and defaults to "closed": this apply closes the task and stops its dialing.`,
		`To keep it dialing, set status = "open"; to leave it to the portal and the contactcenter_outbound_task_status action, add lifecycle { ignore_changes = [status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(automaticConfig("closed"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Default Status") {
		t.Errorf("status = \"closed\" is configured, and the plan warns:\n%s", out)
	}
}

// A task whose config leaves makecall_flag out (it defaults to 0, no
// recording) has whole-call recording turned on in the portal
// (makecall_flag = 8), and its pushes to its webhooks (config.webhook
// without enable, which defaults to false) turned on there too. The next
// plan, made for anything else, turned both off, `makecall_flag = 8 -> 0`
// and `enable = true -> false`, and said nothing: the campaign's calls
// were no longer recorded. The plan now warns of each; configured values
// do not warn, and lifecycle ignore_changes leaves them to the portal.
func TestAccOutboundTask_defaultRecordingAndPushesWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	hook, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", Status: true, EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	config := func(cfg, extra string) string {
		return strings.Replace(automaticConfig("closed"), "  status   = \"closed\"\n", cfg+extra, 1)
	}
	w := env.Workdir(t)
	w.WriteBody(config(fmt.Sprintf("  config = { webhook = { ids = [%d] } }\n", hook.ID), ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	task, err := c.Tasks.Get(t.Context(), 701)
	if err != nil {
		t.Fatal(err)
	}
	eight, on := client.FlexInt(8), client.FlexBool(true)
	task.Config.MakecallFlag, task.Config.Webhook.Enable, task.Status = &eight, &on, nil
	if err := c.Tasks.Update(t.Context(), *task); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`makecall_flag = 8 -> 0`,
		`Warning: Outbound Task Recording Stopped by the Default`,
		`Outbound task 701 ("Payment reminders") records whole calls on the platform (config.makecall_flag = 8), turned on outside this configuration, whose config.makecall_flag is not set and defaults to 0 (no): this apply stops the recording of the task's calls.`,
		`To keep recording, set config.makecall_flag = 8; to leave it to the portal, add lifecycle { ignore_changes = [config.makecall_flag] }.`,
		`enable = true -> false`,
		`Warning: Outbound Task Pushes Stopped by the Default`,
		`Outbound task 701 ("Payment reminders") pushes its call events to its webhooks on the platform (config.webhook.enable = true), turned on outside this configuration, whose config.webhook.enable is not set and defaults to false: this apply stops the pushes.`,
		`To keep them, set config.webhook.enable = true; to leave it to the portal, add lifecycle { ignore_changes = [config.webhook.enable] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(config(fmt.Sprintf("  config = {\n    makecall_flag = 0\n    webhook = { ids = [%d], enable = false }\n  }\n", hook.ID), ""))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "by the Default") {
		t.Errorf("makecall_flag and enable are configured, and the plan warns:\n%s", out)
	}
	w.WriteBody(config(fmt.Sprintf("  config = { webhook = { ids = [%d] } }\n", hook.ID),
		"  lifecycle {\n    ignore_changes = [config.makecall_flag, config.webhook.enable]\n  }\n"))
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}

// A task whose configuration does not set config at all (an automatic
// task needs none; an adopted one) with recording and pushes turned on in
// the portal: the refresh reads the platform's config, the plan removes it
// (`makecall_flag = 8 -> null`, `enable = true -> null`), and the apply
// sent the config empty, which turned both off, with no warning (the check
// looked only at a config the configuration sets). It now warns, naming
// ignore_changes = [config], since ignore_changes = [config.makecall_flag]
// keeps nothing under an object the configuration does not set; with it,
// the plan is empty.
func TestAccOutboundTask_defaultRecordingWarnsWithoutConfig(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	hook, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", Status: true, EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(automaticConfig("closed"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	task, err := c.Tasks.Get(t.Context(), 701)
	if err != nil {
		t.Fatal(err)
	}
	eight, on := client.FlexInt(8), client.FlexBool(true)
	task.Config = &client.TaskConfig{MakecallFlag: &eight, Webhook: &client.TaskWebhook{Enable: &on, IDs: []client.FlexInt{client.FlexInt(hook.ID)}}}
	task.Status = nil
	if err := c.Tasks.Update(t.Context(), *task); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`makecall_flag = 8 -> null`,
		`Warning: Outbound Task Recording Stopped by the Default`,
		`Outbound task 701 ("Payment reminders") records whole calls on the platform (config.makecall_flag = 8), turned on outside this configuration, whose config is not set: ` +
			`the plan removes it, the apply sends it empty, and config.makecall_flag takes the platform's default, 0 (no): this apply stops the recording of the task's calls. ` +
			`To keep recording, set config.makecall_flag = 8; to leave it to the portal, add lifecycle { ignore_changes = [config] }.`,
		`Warning: Outbound Task Pushes Stopped by the Default`,
		`(config.webhook.enable = true), turned on outside this configuration, whose config is not set: the plan removes it, the apply sends it empty, and config.webhook.enable takes the platform's default, false: this apply stops the pushes.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(strings.Replace(automaticConfig("closed"), "  status   = \"closed\"\n", "  status   = \"closed\"\n  lifecycle {\n    ignore_changes = [config]\n  }\n", 1))
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}
