package tfkit

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// PositiveDuration refuses text that is not a duration (`"10 minutes"`)
// and a duration of zero or less, such as `timeouts = { create = "-5s" }`:
// a wait that ends before it starts would give up after the object was
// created or the task started. It takes the place of the timeouts
// package's own check, which did not name the attribute.
var PositiveDuration positiveDuration

type positiveDuration struct{}

func (positiveDuration) Description(context.Context) string {
	return `must be a positive duration, such as "90s" or "30m"`
}

func (v positiveDuration) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v positiveDuration) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	d, err := time.ParseDuration(req.ConfigValue.ValueString())
	if client.TooLongDuration(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timeout",
			fmt.Sprintf(`%s %s, got %q: give a shorter one (such as "2h" or "24h").`, req.Path, client.TooLongDurationText, req.ConfigValue.ValueString()))
		return
	}
	if err != nil && client.NegativeDuration(req.ConfigValue.ValueString()) {
		// Too long for Go as well ("-9999999999h"): its sign is what is wrong.
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timeout",
			fmt.Sprintf("%s %s, got %q: a negative wait would give up at once.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
		return
	}
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timeout",
			fmt.Sprintf(`%s must be a duration: a number with a unit, h, m or s (such as "90s", "30m" or "1h30m"), got %q.`, req.Path, req.ConfigValue.ValueString()))
		return
	}
	if d <= 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timeout",
			fmt.Sprintf("%s %s, got %q: a wait of %s would give up at once.", req.Path, v.Description(ctx), req.ConfigValue.ValueString(), d))
	}
}
