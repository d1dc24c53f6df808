package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSMSSend_copyOfASentListIsNotSentAgain: the journal is named after the
// workbook, so a list saved under another name after it was sent
// ("名单_最终版.xlsx") started a journal of its own and sent every number
// again. The copy's run is refused (exit 2, nothing sent), naming the
// journal that records the numbers; with that journal given it sends
// nobody twice, and with a new one it sends again on purpose.
func TestSMSSend_copyOfASentListIsNotSentAgain(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	list := demoRecipientsCopy(t)
	code, o, errOut := e.send(list)
	if code != 0 || e.gatewaySends() != 1 {
		t.Fatalf("first send: %d\n%s\n%s", code, o, errOut)
	}
	b, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(list)
	copyPath := filepath.Join(dir, "recipients_final.xlsx")
	if err := os.WriteFile(copyPath, b, 0o600); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "recipients.xlsx.send-"+e.tpl+"-gateway.journal")
	for _, dry := range []bool{true, false} {
		args := []string{copyPath}
		if dry {
			args = append(args, "--dry-run")
		}
		code, o, errOut = e.send(args...)
		if code != 2 {
			t.Errorf("dry %v: exit %d, want 2\n%s\n%s", dry, code, o, errOut)
		}
		for _, s := range []string{"the journal " + first + " records 24 of this sheet's numbers", "Nothing was sent", "--journal " + first} {
			if !strings.Contains(errOut, s) {
				t.Errorf("dry %v: stderr lacks %q:\n%s", dry, s, errOut)
			}
		}
	}
	if n := e.gatewaySends(); n != 1 {
		t.Fatalf("%d gateway sends, want 1: the copy was sent", n)
	}
	if _, err := os.Stat(copyPath + ".send-" + e.tpl + "-gateway.journal"); !os.IsNotExist(err) {
		t.Errorf("the refused run left a journal: %v", err)
	}
	// Continuing the first send: nobody is sent twice.
	code, o, errOut = e.send(copyPath, "--journal", first)
	if code != 0 || !strings.Contains(o, "24 already sent") || e.gatewaySends() != 1 {
		t.Errorf("with the first journal: %d %s %s; sends %d", code, o, errOut, e.gatewaySends())
	}
	// On purpose, with a new journal: sent again.
	code, o, errOut = e.send(copyPath, "--journal", filepath.Join(dir, "again.journal"))
	if code != 0 || e.gatewaySends() != 2 {
		t.Errorf("with a new journal: %d %s %s; sends %d", code, o, errOut, e.gatewaySends())
	}
}
