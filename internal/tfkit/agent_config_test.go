package tfkit_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The schema's defaults and the client's (which the simulator applies) must
// be the same objects, or an agent without configuration would never plan
// empty.
func TestAgentConfigDefaultsMatchClient(t *testing.T) {
	got, diags := tfkit.AgentObjectsToAPI(tfkit.AgentObjectsDefault())
	if diags.HasError() {
		t.Fatal(diags)
	}
	if diff := cmp.Diff(client.DefaultAgentObjects(), got); diff != "" {
		t.Errorf("schema defaults differ from client.DefaultAgentObjects (-client +schema):\n%s", diff)
	}
}

func TestAgentConfigRoundTrip(t *testing.T) {
	in := client.DefaultAgentObjects()
	in.UserCaller.Phones = []client.FlexString{"021", "022"}
	in.UserCaller.IsXtels = true
	in.NoticeConfig.SystemNoticePosition = "topLeft"
	in.WincallButtons.Buttons.Service = true
	in.WincallTransferQueues.TransferQueues = []client.FlexInt{7, 3}
	objs, diags := tfkit.AgentObjectsFromAPI(in)
	if diags.HasError() {
		t.Fatal(diags)
	}
	out, diags := tfkit.AgentObjectsToAPI(objs)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("round trip (-in +out):\n%s", diff)
	}
}

func TestAgentConfigMissingObjectsReadAsDefaults(t *testing.T) {
	objs, diags := tfkit.AgentObjectsFromAPI(client.AgentObjects{})
	if diags.HasError() {
		t.Fatal(diags)
	}
	for name, want := range tfkit.AgentObjectsDefault() {
		if !objs[name].Equal(want) {
			t.Errorf("%s: got %v, want the default %v", name, objs[name], want)
		}
	}
}

func TestParseIDPair(t *testing.T) {
	cases := map[string]struct {
		in   string
		a, b int64
		ok   bool
	}{
		"ok":       {"12:1001", 12, 1001, true},
		"no colon": {"12", 0, 0, false},
		"text":     {"a:1", 0, 0, false},
		"zero":     {"0:1", 0, 0, false},
		"empty b":  {"1:", 0, 0, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			a, b, err := tfkit.ParseIDPair(tc.in)
			if (err == nil) != tc.ok || a != tc.a || b != tc.b {
				t.Errorf("ParseIDPair(%q) = %d, %d, %v", tc.in, a, b, err)
			}
		})
	}
}
