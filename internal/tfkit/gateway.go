package tfkit

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// AddGatewayError adds a diagnostic for a failed SMS gateway call: the
// API detail, then the §7.4 meaning of the code and what to do about it.
func AddGatewayError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, GatewayErrorDetail(err))
}

// GatewayErrorDetail renders a gateway failure for a person.
func GatewayErrorDetail(err error) string {
	detail := APIErrorDetail(err)
	ge, ok := client.AsGatewayError(err)
	if !ok {
		return detail
	}
	if ge.Meaning != "" && !strings.Contains(detail, ge.Meaning) {
		detail += fmt.Sprintf("\n\nCode %d means: %s (spec §7.4).", ge.Code, ge.Meaning)
	}
	if ge.Hint != "" {
		detail += "\n\nWhat to do: " + ge.Hint + "."
	}
	return detail
}
