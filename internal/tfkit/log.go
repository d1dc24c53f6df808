package tfkit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TFLog adapts the client's log hook to tflog. The client has already
// redacted secrets; the masking here is a second line of defence for any
// field a later change forgets.
//
// The lines an operator follows a run by (client.OperatorLine: each
// retry, with the call, the attempt, what failed and the wait; giving up;
// a create looked up before it is sent again; a retry the call's time
// limit leaves no room for, with why) are written at INFO, the
// request lines at DEBUG: with TF_LOG=INFO an apply against a failing or
// slow service showed "Still creating..." for minutes, and nothing in the
// log said that it was retrying, or why.
func TFLog(ctx context.Context, msg string, fields map[string]any) {
	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "Authorization", "access_token", "sms_app_key", "sig", "user_password", "mfa_secret")
	if client.OperatorLine(msg, fields) {
		tflog.Info(ctx, msg, fields)
		return
	}
	tflog.Debug(ctx, msg, fields)
}
