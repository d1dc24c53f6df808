package acctest

import (
	"bufio"
	"encoding/json"
	"strings"
)

// JSONDiagnostic is a diagnostic of a `terraform plan -json` or
// `apply -json` run as a user sees it: Code is the line Terraform shows it
// at, trimmed ("(no snippet)" when it shows none, Snippet false).
type JSONDiagnostic struct {
	Severity, Summary, Detail, Address, Code string
	Snippet                                  bool
}

// JSONDiagnostics reads the diagnostics of a -json run's output, in order.
func JSONDiagnostics(out string) []JSONDiagnostic {
	var ds []JSONDiagnostic
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line struct {
			Type       string `json:"type"`
			Diagnostic struct {
				Severity string `json:"severity"`
				Summary  string `json:"summary"`
				Detail   string `json:"detail"`
				Address  string `json:"address"`
				Snippet  *struct {
					Code string `json:"code"`
				} `json:"snippet"`
			} `json:"diagnostic"`
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil || line.Type != "diagnostic" {
			continue
		}
		d := line.Diagnostic
		jd := JSONDiagnostic{Severity: d.Severity, Summary: d.Summary, Detail: d.Detail, Address: d.Address, Code: "(no snippet)"}
		if d.Snippet != nil {
			jd.Code, jd.Snippet = strings.TrimSpace(d.Snippet.Code), true
		}
		ds = append(ds, jd)
	}
	return ds
}
