package acctest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Terraform 1.11 cannot invoke actions, so action tests drive the
// protocol-6 server in process: ValidateActionConfig, PlanAction and
// InvokeAction, draining the event stream, exactly as Terraform 1.14 would.

// ActionResult is what one action run produced.
type ActionResult struct {
	// Phase is where the run stopped: "validate", "plan" or "invoke".
	Phase string
	// Progress holds the messages of the progress events, in order.
	Progress []string
	// Diagnostics are those of the phase that stopped the run, or of the
	// completed event.
	Diagnostics []*tfprotov6.Diagnostic
	// Completed is true when the stream ended with a completed event.
	Completed bool
}

// HasError reports whether any diagnostic is an error.
func (r ActionResult) HasError() bool {
	for _, d := range r.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

// Text joins every diagnostic's summary and detail, for assertions.
func (r ActionResult) Text() string {
	var b strings.Builder
	for _, d := range r.Diagnostics {
		b.WriteString(d.Summary)
		b.WriteString(": ")
		b.WriteString(d.Detail)
		b.WriteString("\n")
	}
	return b.String()
}

// ActionServer returns a protocol-6 server configured for this simulator.
func (e *Env) ActionServer(t testing.TB) tfprotov6.ProviderServerWithActions {
	t.Helper()
	return e.ActionServerWith(t, nil)
}

// ActionServerWith is ActionServer with more provider arguments (such as
// request_timeout) besides the simulator's connection.
func (e *Env) ActionServerWith(t testing.TB, extra map[string]any) tfprotov6.ProviderServerWithActions {
	t.Helper()
	srv, ok := e.Server(t).(tfprotov6.ProviderServerWithActions)
	if !ok {
		t.Fatal("the provider server does not implement actions")
	}
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || hasErr(schemas.Diagnostics) {
		t.Fatalf("GetProviderSchema: %v %v", err, diagText(schemas.Diagnostics))
	}
	cfg := map[string]any{"endpoint": e.Origin, "access_token": "sim-token", "sms_app_id": "sim-app", "sms_app_key": "sim-key"}
	for k, v := range extra {
		cfg[k] = v
	}
	dv := jsonValue(t, cfg)
	resp, err := srv.ConfigureProvider(t.Context(), &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.14.0", Config: dv})
	if err != nil || hasErr(resp.Diagnostics) {
		t.Fatalf("ConfigureProvider: %v %v", err, diagText(resp.Diagnostics))
	}
	return srv
}

// RunAction validates, plans and invokes action typ with config (a Go value
// that encodes to the action's JSON configuration; absent attributes are
// null). It stops at the first phase with an error diagnostic.
func (e *Env) RunAction(t testing.TB, typ string, config any) ActionResult {
	t.Helper()
	return RunAction(t, e.ActionServer(t), typ, config)
}

// RunAction is Env.RunAction on a server the caller configured.
func RunAction(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, config any) ActionResult {
	t.Helper()
	return runActionDV(t, srv, typ, jsonValue(t, config))
}

// jsonValue encodes v as a JSON DynamicValue; tftypes decodes it against the
// schema, leaving absent attributes null.
func jsonValue(t testing.TB, v any) *tfprotov6.DynamicValue {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encoding config: %v", err)
	}
	return &tfprotov6.DynamicValue{JSON: b}
}

func hasErr(ds []*tfprotov6.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func diagText(ds []*tfprotov6.Diagnostic) string {
	return ActionResult{Diagnostics: ds}.Text()
}
