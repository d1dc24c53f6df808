package tfkit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// TFLog adapts the client's log hook to tflog. The client has already
// redacted secrets; the masking here is a second line of defence for any
// field a later change forgets.
func TFLog(ctx context.Context, msg string, fields map[string]any) {
	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "Authorization", "access_token", "sms_app_key", "sig", "user_password", "mfa_secret")
	tflog.Debug(ctx, msg, fields)
}
