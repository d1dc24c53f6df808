package exporter

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSanitize(t *testing.T) {
	tests := map[string]struct{ key, prefix, want string }{
		"words":            {"Support Team", "skill_group", "support_team"},
		"punctuation runs": {"  VIP -- Sales!! ", "skill_group", "vip_sales"},
		"digit first":      {"8001", "agent", "agent_8001"},
		"dotted number":    {"a.li", "agent", "a_li"},
		"mixed case":       {"HoldMusic_2", "sound", "holdmusic_2"},
		"non-ascii only":   {"销售组", "skill_group", ""},
		"non-ascii mixed":  {"销售 Sales 2", "skill_group", "sales_2"},
		"accented letter":  {"Café Nord", "skill_group", "caf_nord"}, // the adoption guide's example
		"empty":            {"", "webhook", ""},
		// A long name is cut at a word boundary in its second half.
		"long, words": {"Long hold tone for the evening queue of the northern region with music and announcements", "sound",
			"long_hold_tone_for_the_evening_queue_of_the_northern_region"},
		"long, one word": {"Long hold tone " + strings.Repeat("x", 280), "sound", "long_hold_tone_" + strings.Repeat("x", 64-len("long_hold_tone_"))},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got := Sanitize(tc.key, tc.prefix)
			if got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.key, got, tc.want)
			}
			if len(got) > MaxNameLength {
				t.Errorf("Sanitize(%q) has %d characters, more than %d", tc.key, len(got), MaxNameLength)
			}
		})
	}
}

func TestNamer_unique(t *testing.T) {
	n := newNamer("skill_group")
	var got []string
	for _, k := range []struct{ key, id string }{
		{"Sales", "1"}, {"sales", "2"}, {"SALES!", "3"}, {"销售", "4"}, {"", "5"}, {"Sales 2", "6"}, {"skill_group_4", "7"},
	} {
		got = append(got, n.name(k.key, k.id))
	}
	want := []string{"sales", "sales_2", "sales_3", "skill_group_4", "skill_group_5", "sales_2_2", "skill_group_4_2"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
}

func TestParseKinds(t *testing.T) {
	all, err := ParseKinds("")
	if err != nil || len(all) != len(AllKinds) {
		t.Fatalf("ParseKinds(\"\") = %v, %v", all, err)
	}
	got, err := ParseKinds(" sounds,agents ,sounds")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]Kind{KindAgents, KindSounds}, got); d != "" {
		t.Errorf("kinds in file order, once (-want +got):\n%s", d)
	}
	if _, err := ParseKinds("agents,queues"); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

// TestParseKinds_nearMatch: a mistyped kind is refused naming the kind it
// most likely means ("agent": did you mean agents?), and a name far from
// every kind is refused without a guess.
func TestParseKinds_nearMatch(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"agent":                 `unknown kind "agent" in --kinds (did you mean agents?); known kinds: agents, `,
		"skill-groups":          `(did you mean skill_groups?)`,
		"Webhook":               `(did you mean webhooks?)`,
		"sms_template":          `(did you mean sms_templates?)`,
		"gateway_sms_signature": `(did you mean gateway_sms_signatures?)`,
		"sound":                 `(did you mean sounds?)`,
		"skill_group_member":    `(did you mean skill_group_members?)`,
	} {
		if _, err := ParseKinds("sounds," + in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseKinds(%q) = %v, want …%s…", in, err, want)
		}
	}
	for _, in := range []string{"queues", "pigeons", "x"} {
		if _, err := ParseKinds(in); err == nil || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("ParseKinds(%q) = %v, want no guess", in, err)
		}
	}
}
