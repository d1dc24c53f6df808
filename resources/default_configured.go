package resources

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The plan warnings of a default that undoes a setting changed outside
// (warnUndoneByDefault: "Agent Unfrozen by the Default Status", "Agent
// Allowed to Log In by the Default", "Webhook Disabled by the Default
// Status", ...) say the value was set outside this configuration. A value
// this configuration set, whose line the user then removed to have the
// default back (is_forbidden_login = true deleted to let the agent in
// again), was warned of the same way: the plan said the agent was "barred
// outside this configuration", which it was not, on a plan that did what
// the user asked. Each create and update records here the values the
// configuration set for the attributes its checks name; the warnings
// leave out a held value that the last apply's configuration set. A state
// written by an earlier provider has no record until its next update.

// configuredDefaultsKey is the private state key of that record: a JSON
// object of attribute name to the value's text (configuredText).
const configuredDefaultsKey = "configured_defaults"

// recordConfiguredDefaults records which attributes of checks the
// configuration of an apply set, and to what (those left out are not
// recorded), by their dotted names ("config.makecall_flag").
func recordConfiguredDefaults(ctx context.Context, config tftypes.Value, private privateWriter, diags *diag.Diagnostics, checks []undoneByDefault) {
	recordWrittenDefaults(ctx, false, config, private, diags, checks)
}

// recordWrittenDefaults is recordConfiguredDefaults that records, when
// written, what a write that reached the platform sent, whatever failed
// after it (an SMS template's wait for the review that ran out): the
// record of the apply before, kept, said that the configuration still set
// what the write had just undone (submit_for_review = false, its line
// removed), and as the next plan sends nothing, it stayed so, hiding the
// warning of a draft saved in the portal from then on.
func recordWrittenDefaults(ctx context.Context, written bool, config tftypes.Value, private privateWriter, diags *diag.Diagnostics, checks []undoneByDefault) {
	if private == nil || diags.HasError() && !written {
		return
	}
	set := map[string]string{}
	for _, c := range checks {
		if t, ok := configuredText(rawPath(config, c.attr)); ok {
			set[strings.Join(c.attr, ".")] = t
		}
	}
	b, err := json.Marshal(set)
	if err != nil {
		return
	}
	diags.Append(private.SetKey(ctx, configuredDefaultsKey, b)...)
}

// setByLastApply reports whether the last apply's configuration set attr
// (its dotted name) to the value held (in the state the plan starts from).
func setByLastApply(ctx context.Context, private privateReader, attr string, held tftypes.Value) bool {
	if private == nil {
		return false
	}
	b, _ := private.GetKey(ctx, configuredDefaultsKey)
	var set map[string]string
	if len(b) == 0 || json.Unmarshal(b, &set) != nil {
		return false
	}
	t, ok := configuredText(held)
	return ok && set[attr] == t
}

// configuredText is a known, non-null value as text (rawText).
func configuredText(v tftypes.Value) (string, bool) {
	if !v.IsKnown() || v.IsNull() {
		return "", false
	}
	return rawText(v), true
}
