package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// --template 0ID (or +ID) is template ID to the platform: it named a
// default journal of its own (FILE.send-0ID-gateway.journal), and every
// number the template's journal showed sent was texted again, the same
// message twice.
func TestSMSSend_templateIDSpelledOtherwiseSharesTheJournal(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	rec := demoRecipientsCopy(t) // default journal beside it
	code, o, errOut := e.send(rec)
	if code != 0 || !strings.Contains(o, "24 sent") {
		t.Fatalf("first send: exit %d\n%s\n%s", code, o, errOut)
	}
	sends := e.gatewaySends()
	for _, id := range []string{"0" + e.tpl, "+" + e.tpl} {
		code, o, errOut = runSMSCmd("send", rec, "--template", id, "--via", "gateway", "--output", "json",
			"--endpoint", e.url, "--access-token", "sim-token", "--app-id", "sim-app", "--app-key", "sim-key")
		var res struct {
			Template string         `json:"template"`
			Journal  string         `json:"journal"`
			Counts   map[string]int `json:"counts"`
		}
		if err := json.Unmarshal([]byte(o), &res); err != nil || code != 0 {
			t.Fatalf("--template %s: exit %d %v\n%s\n%s", id, code, err, o, errOut)
		}
		if res.Counts["already sent"] != 24 || res.Counts["sent"] != 0 || res.Template != e.tpl || !strings.HasSuffix(res.Journal, ".send-"+e.tpl+"-gateway.journal") {
			t.Errorf("--template %s: template %q, journal %s, counts %v: want template %s's journal, 24 already sent", id, res.Template, res.Journal, res.Counts, e.tpl)
		}
	}
	if n := e.gatewaySends() - sends; n != 0 {
		t.Errorf("%d more gateway sends after the first run: the numbers were texted again", n)
	}
	for m, msgs := range e.messages(t) {
		if len(msgs) > 1 {
			t.Errorf("%s got %d messages", m, len(msgs))
		}
	}
	if _, err := os.Stat(rec + ".send-0" + e.tpl + "-gateway.journal"); err == nil {
		t.Errorf("a journal of its own for --template 0%s", e.tpl)
	}
}
