package exporter

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestName: a name is the object's natural key written as a Terraform
// identifier; a key with letters that cannot be written in ASCII does not
// give a name that passes for the object's (挂机话单推送（CRM） is not "crm"):
// its ASCII part gets the object's id, or the kind and the id when there is
// no ASCII part. Each case is named alone (a fresh namer), so no case gets
// a _2.
func TestName(t *testing.T) {
	tests := map[string]struct{ key, prefix, id, want string }{
		// ASCII keys are unchanged by the id rule.
		"words":            {"Support Team", "skill_group", "101", "support_team"},
		"punctuation runs": {"  VIP -- Sales!! ", "skill_group", "101", "vip_sales"},
		"digit first":      {"8001", "agent", "1001", "agent_8001"},
		"dotted number":    {"a.li", "agent", "1001", "a_li"},
		"mixed case":       {"HoldMusic_2", "sound", "500", "holdmusic_2"},
		"crm":              {"CRM", "webhook", "305", "crm"},
		"hold music":       {"Hold music", "sound", "500", "hold_music"},
		"only punctuation": {"--!!--", "webhook", "305", "webhook_305"},
		"empty":            {"", "webhook", "5", "webhook_5"},
		"emoji":            {"🎵 Hold", "sound", "500", "hold"}, // a symbol is punctuation, not a letter
		// Letters with an ASCII form are written in it.
		"accented letter":    {"Café Nord", "skill_group", "107", "cafe_nord"}, // the adoption guide's example
		"decomposed accent":  {"Cafe\u0301 Nord", "skill_group", "107", "cafe_nord"},
		"spelt letters":      {"Straße Øst Łódź", "skill_group", "107", "strasse_ost_lodz"},
		"compatibility form": {"Acme™ Ⅻ", "sms_signature", "3", "acmetm_xii"}, // unfolded to upper case (™ → TM), then lowered
		"full-width latin":   {"ＶＩＰ　Ｓａｌｅｓ", "skill_group", "107", "vip_sales"},
		// Non-Latin letters: the ASCII part and the id, or the kind and the id.
		"chinese only":         {"销售组", "skill_group", "107", "skill_group_107"},
		"chinese only, tag":    {"挂机话单推送", "webhook", "305", "webhook_305"},
		"chinese, crm":         {"挂机话单推送（CRM）", "webhook", "305", "crm_305"},
		"chinese, crm again":   {"预呼推送（CRM）", "webhook", "306", "crm_306"},
		"chinese, test":        {"测试 Test-组 #1", "skill_group", "101", "test_1_101"},
		"chinese, vip":         {"VIP客户专线·金卡", "skill_group", "102", "vip_102"},
		"chinese, hold":        {"Hold音乐/春节", "sound", "501", "hold_501"},
		"chinese, digits":      {"销售 Sales 2", "skill_group", "103", "sales_2_103"},
		"chinese, digit first": {"1号线", "skill_group", "104", "skill_group_1_104"},
		"cyrillic":             {"Поддержка VIP", "skill_group", "105", "vip_105"},
		"full-width digits":    {"客服１组", "skill_group", "106", "skill_group_1_106"}, // １ unfolds to 1, which starts the ASCII part
		// A long name is cut at a word boundary in its second half.
		"long, words": {"Long hold tone for the evening queue of the northern region with music and announcements", "sound", "500",
			"long_hold_tone_for_the_evening_queue_of_the_northern_region"},
		"long, one word": {"Long hold tone " + strings.Repeat("x", 280), "sound", "500", "long_hold_tone_" + strings.Repeat("x", 64-len("long_hold_tone_"))},
		// A long name with a dropped letter is cut before its id, which stays whole.
		"long, chinese": {"春节 Long hold tone for the evening queue of the northern region with music", "sound", "12345",
			"long_hold_tone_for_the_evening_queue_of_the_northern_12345"},
		"long, chinese, one word": {"春节 " + strings.Repeat("x", 280), "sound", "12345", strings.Repeat("x", 64-len("_12345")) + "_12345"},
	}
	valid := regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got := newNamer(tc.prefix, nil).name(tc.key, tc.id)
			if got != tc.want {
				t.Errorf("name(%q, %q) = %q, want %q", tc.key, tc.id, got, tc.want)
			}
			if len(got) > MaxNameLength {
				t.Errorf("name(%q) has %d characters, more than %d", tc.key, len(got), MaxNameLength)
			}
			if !valid.MatchString(got) {
				t.Errorf("name(%q) = %q is not a Terraform identifier made of lower-case ASCII", tc.key, got)
			}
		})
	}
}

// TestName_orderFree: objects that share only their ASCII part (a tag such
// as CRM) are named by their ids, whatever order they are listed in; a
// purely ASCII object of that name keeps the plain name.
func TestName_orderFree(t *testing.T) {
	keys := []struct{ key, id string }{{"挂机话单推送（CRM）", "305"}, {"预呼推送（CRM）", "306"}, {"CRM", "307"}}
	want := map[string]string{"305": "crm_305", "306": "crm_306", "307": "crm"}
	for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}} {
		n := newNamer("webhook", nil)
		got := map[string]string{}
		for _, i := range order {
			got[keys[i].id] = n.name(keys[i].key, keys[i].id)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("listed in order %v (-want +got):\n%s", order, d)
		}
	}
}

func TestNamer_unique(t *testing.T) {
	n := newNamer("skill_group", nil)
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
