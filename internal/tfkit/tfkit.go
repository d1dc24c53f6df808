// Package tfkit holds the small Terraform-side helpers every resource, data
// source and action shares: the provider data they are configured with,
// error builders, and conversions between framework values and client types.
package tfkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// ProviderData is what the provider hands every resource, data source and
// action in Configure.
type ProviderData struct {
	Client *client.Client
	// Claims coordinates the resource instances of this process that
	// write the same platform object.
	Claims *Claims
	// NestedPaths: the Terraform that runs the provider shows a nested
	// attribute's diagnostic at its line (ShowsNestedPaths).
	NestedPaths bool
}

// NestedPathsFrom returns the provider data's NestedPaths (false while the
// provider is not configured).
func NestedPathsFrom(data any) bool {
	pd, ok := data.(*ProviderData)
	return ok && pd.NestedPaths
}

// ClaimsFrom returns the provider data's Claims (nil, which coordinates
// nothing, while the provider is not configured).
func ClaimsFrom(data any) *Claims {
	if pd, ok := data.(*ProviderData); ok {
		return pd.Claims
	}
	return nil
}

// ClientFrom extracts the client from the provider data given to Configure.
// It returns nil without a diagnostic while the provider is not configured
// yet (the framework calls Configure early during validation).
func ClientFrom(data any, diags *diag.Diagnostics) *client.Client {
	if data == nil {
		return nil
	}
	pd, ok := data.(*ProviderData)
	if !ok {
		diags.AddError("Unexpected Provider Data",
			fmt.Sprintf("Expected *tfkit.ProviderData, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return pd.Client
}

// AddAPIError adds a diagnostic for a failed API call: the summary names the
// operation ("Unable to Create Skill Group"), the detail says which call
// failed, the API's code and message, and what to do next. A summary of a
// read ("Unable to Read", "Unable to List", "Unable to Import"), an update
// or a delete gives an interrupted call that kind's advice (see Op).
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, APIErrorDetailOf(OpOf(summary), err))
}

// Op is the kind of operation a failed call belonged to. Only an
// interrupted call's advice depends on it: what was done, and whether
// running it again is safe, differ for each kind.
type Op int

const (
	// OpOther is a create, a send or an action: an interrupted one may
	// have been carried out, and running it again may repeat it.
	OpOther Op = iota
	// OpRead changes nothing (a refresh, a data source, a read-back, an
	// import's lookup).
	OpRead
	// OpUpdate may have written all, some or none of the new values.
	OpUpdate
	// OpDelete may have deleted the object; a run again drops it if gone.
	OpDelete
)

// OpOf is the Op a summary ("Unable to Read Agent") names.
func OpOf(summary string) Op {
	rest, ok := strings.CutPrefix(summary, "Unable to ")
	verb, _, _ := strings.Cut(rest, " ")
	if !ok {
		return OpOther
	}
	return summaryOps[verb]
}

// summaryOps maps the verb of a summary "Unable to <Verb> <Kind>" to its Op
// (OpOther when absent).
var summaryOps = map[string]Op{"Read": OpRead, "List": OpRead, "Import": OpRead, "Update": OpUpdate, "Delete": OpDelete}

// interruptedAdvice follows a call interrupted before it finished, for
// each kind of operation. The generic one ("check first what it did:
// running it again may repeat it") ended every interrupted refresh, update
// and delete too, where it is not what is true.
var interruptedAdvice = map[Op]string{
	OpOther: "The operation stopped before it finished; run it again to continue (after an interrupted send or action, check first what it did: running it again may repeat it).",
	OpRead:  "This was a read, which changes nothing on the platform; run the command again to read it.",
	OpUpdate: "The update may or may not have reached the platform: the object may have all, some or none of the new values. " +
		"The next terraform plan reads it and shows what is still to change; applying again finishes the update.",
	OpDelete: "Run the destroy (or apply) again: an object already gone is then dropped from the state, and one still there is deleted.",
}

// APIErrorDetail renders err for a person, on every surface: the call, the
// code and message, the items of an overall result, and for the gateway the
// §7.4 meaning of the code and what to do about it. An interrupted call
// gets the advice of a create, send or action; APIErrorDetailOf gives a
// read's, an update's or a delete's.
func APIErrorDetail(err error) string {
	return APIErrorDetailOf(OpOther, err)
}

// notFoundAdvice is the hedged advice of a refusal that means "not found".
const notFoundAdvice = "\n\nThe object no longer exists; it may have been deleted outside Terraform."

// WithGone appends gone, the certain explanation of an update refused
// because its object was deleted after the plan was made, to detail, and
// drops detail's hedged "may have been deleted" advice, which would
// otherwise stand right above it saying the same thing less surely.
func WithGone(detail, gone string) string {
	if gone == "" {
		return detail
	}
	return strings.Replace(detail, notFoundAdvice, "", 1) + gone
}

// APIErrorDetailOf is APIErrorDetail for a call of the kind op: an
// interrupted one says what is true of that kind (a read changed nothing,
// an update may have written some values, a delete is finished by running
// it again).
func APIErrorDetailOf(op Op, err error) string {
	var doubt *client.CreateInDoubtError
	if errors.As(err, &doubt) {
		// Not the generic advice of a failed call ("retrying later may
		// succeed"): applying again without a look could make a second
		// object, or fail on the first as a duplicate.
		call, _, _ := strings.Cut(APIErrorDetail(doubt.Err), "\n\n")
		var several *client.SeveralNewError
		if errors.As(doubt.LookupErr, &several) {
			whose := "One may be another configuration's, or made in the portal, so none is taken, and the create was not sent again. "
			if doubt.Sends > 1 {
				whose = fmt.Sprintf("The create was sent %d times, each time without a known outcome, so they may all be this apply's; one may also be "+
					"another configuration's, or made in the portal. None is taken, and the create is not sent again. ", doubt.Sends)
			}
			return call + fmt.Sprintf("\n\nThe create may have taken effect: its answer was lost, and looking the object up afterwards found %d %ss of the same key "+
				"made since it began (ids %s). %sBefore applying again, check each: one another configuration manages (see its state) is not this resource's; "+
				"import one that no configuration manages (the resource's documentation shows how), and delete only one that nobody manages. "+
				"Applying again without importing makes another one.",
				len(several.IDs), several.Kind, strings.Join(several.IDs, ", "), whose)
		}
		return call + "\n\nThe create may have taken effect: its answer was lost, and looking the object up afterwards failed too (" +
			doubt.LookupErr.Error() + "), so it was not sent again. Before applying again, check on the platform whether the object exists: " +
			"if it does, import it (the resource's documentation shows how), or applying again may create a second one or fail as a duplicate; " +
			"if it does not, apply again."
	}
	var unsettled *client.UnsettledWriteError
	if errors.As(err, &unsettled) {
		// Not the advice of the last send alone ("The service failed;
		// retrying later may succeed (max_retries ...)", "after a write,
		// check first whether it took effect"): it was sent several times,
		// a bound max_retries does not set, and read back after each.
		return callContext(err, unsettled) + unsettledDetail(op, unsettled)
	}
	var cut *client.CreateInterruptedError
	if errors.As(err, &cut) {
		// Not "run it again" (that makes a second object when the first
		// lands), nor a time-out's "raise request_timeout": Ctrl-C came
		// while the create's outcome was unknown.
		// The call's own failure (a time-out) is said first; one that was
		// only the interruption says nothing more.
		call := ""
		if !errors.Is(cut.Err, context.Canceled) {
			call, _, _ = strings.Cut(APIErrorDetail(cut.Err), "\n\n")
			call = strings.TrimSuffix(call, ".")
		}
		found := "looked up right after, the object was not found"
		switch {
		case cut.Skipped:
			found = "it was not looked up"
		case cut.LookupErr != nil:
			found = "looking it up right after failed (" + cut.LookupErr.Error() + ")"
		}
		text := "Interrupted (Terraform was stopped, for example with Ctrl-C) after the create was sent, and the service may still carry it out; " + found + "."
		if call != "" {
			text = call + ".\n\n" + text
		}
		return text + "\n\nBefore applying again, check on the platform whether the object exists (it may appear a little later): " +
			"if it does, import it (the resource's documentation shows how), or applying again makes a second one or fails as a duplicate; " +
			"if it does not, apply again."
	}
	var b strings.Builder
	if e, ok := client.AsAPIError(err); ok {
		// What the failed call was for, when the error says it around the
		// API's answer ("listing ... failed, so nothing was created: ").
		b.WriteString(callContext(err, e))
		fmt.Fprintf(&b, "The %s API call %s %s%s answered ", e.Surface, e.Method, e.Origin, e.Path)
		msg := e.Message
		// Code -1 is no envelope code (a bare 5xx, a body that is not the
		// envelope): name the HTTP status instead, once.
		switch {
		case e.Code != -1:
			fmt.Fprintf(&b, "code %d", e.Code)
		case strings.HasPrefix(msg, "HTTP "):
			b.WriteString(msg)
			msg = ""
		default:
			fmt.Fprintf(&b, "HTTP %d", e.HTTPStatus)
		}
		if msg != "" {
			fmt.Fprintf(&b, ": %s", msg)
		}
		if e.Code != -1 && e.HTTPStatus != 0 && e.HTTPStatus != http.StatusOK {
			fmt.Fprintf(&b, " (HTTP %d)", e.HTTPStatus)
		}
		b.WriteString(".")
		if e.RequestID != "" {
			fmt.Fprintf(&b, " Request ID: %s.", e.RequestID)
		}
		for _, it := range e.Items() {
			id := firstNonEmpty(string(it.ID), string(it.QueID), string(it.AgID), string(it.SoundID))
			fmt.Fprintf(&b, "\n  - item %s: code %d: %s", id, it.Code, it.Message)
		}
		if e.Meaning != "" && !strings.Contains(b.String(), e.Meaning) {
			fmt.Fprintf(&b, "\n\nCode %d means: %s.", e.Code, e.Meaning)
		}
		if e.Hint != "" {
			b.WriteString("\n\nWhat to do: " + e.Hint + ".")
		}
		switch {
		case e.RedirectedTo != "":
			// Answered elsewhere, without the token: not a token problem.
		case e.Code == 401 || e.HTTPStatus == 401:
			b.WriteString("\n\nCheck access_token (or CONTACTCENTER_ACCESS_TOKEN).")
		case e.HTTPStatus == 429 && e.LimitedFor > 0:
			fmt.Fprintf(&b, "\n\nThe platform's rate limit refused the call at each of %d attempts over %s, though the provider slowed down after the first refusal. "+
				"Set max_requests_per_second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below the limit (several runs at once share it), or try again later.",
				e.Attempts, e.LimitedFor.Round(time.Second))
		case e.HTTPStatus == 429 && errors.Is(err, context.Canceled):
			// Interrupted in the wait its Retry-After asked for: retries
			// were on, whatever max_retries.
			b.WriteString("\n\nThe platform's rate limit refused the call's last attempt (not processed), and the wait to send it again was interrupted " +
				"(Terraform was stopped, for example with Ctrl-C). " +
				"Set max_requests_per_second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below the limit, or try again later.")
		case e.HTTPStatus == 429:
			b.WriteString("\n\nThe platform's rate limit refused the call, which was not retried (max_retries is 0). " +
				"Set max_requests_per_second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below the limit, or try again later.")
		case e.HTTPStatus >= 500 && errors.Is(err, context.Canceled):
			// Stopped while it waited to send the call again: it said
			// "retrying later may succeed (max_retries controls automatic
			// retries ...)", as if the retries had run out.
			advice := interruptedAdvice[op]
			if errors.As(err, new(*client.NothingDoneError)) {
				// "so nothing was created and applying again is safe":
				// not a send's "check first what it did".
				advice = "Run the operation again."
			}
			b.WriteString("\n\nThe service failed, and Terraform was stopped (for example with Ctrl-C) while it waited to send the call again. " + advice)
		case e.HTTPStatus >= 500 && e.Attempts > 1:
			// Attempts > 1 after a 5xx: a safe call retried, or a create
			// sent again after lookups (client/create.go), which said "a
			// safe call" only, as if max_retries did not apply to it.
			fmt.Fprintf(&b, "\n\nThe service failed at each of %d attempts; retrying later may succeed (max_retries sets how many attempts a safe call gets, "+
				"and how many times a create is sent, each time after a lookup that did not find it).", e.Attempts)
		case e.HTTPStatus >= 500:
			b.WriteString("\n\nThe service failed; retrying later may succeed (max_retries controls automatic retries of safe calls).")
		case e.HTTPStatus == http.StatusNotFound:
			// Envelope failures come with HTTP 200: a 404 is a path the
			// server does not have.
			b.WriteString("\n\nThe server has no such path. Check endpoint (or CONTACTCENTER_ENDPOINT): it is the origin only, scheme://host[:port], " +
				"and the provider adds each surface's path; a surface's own URL (base_url, autocall_url, portal_url, portal_open_url, smsapi_url) is where that surface's paths begin.")
		}
		return b.String()
	}
	if errors.Is(err, client.ErrNotFound) {
		return err.Error() + notFoundAdvice
	}
	if errors.Is(err, context.Canceled) {
		text := Sentence(strings.TrimSuffix(err.Error(), context.Canceled.Error()) + "interrupted (Terraform was stopped, for example with Ctrl-C).")
		if errors.As(err, new(*client.NothingDoneError)) {
			return text // says that nothing was done, and what to do
		}
		return text + "\n\n" + interruptedAdvice[op]
	}
	if errors.As(err, new(*client.CertificateError)) || errors.As(err, new(*client.ProxyLoginError)) || errors.As(err, new(*client.SchemeMismatchError)) {
		return err.Error() + "." // says what to do itself
	}
	var timeout *client.TimeoutError
	if errors.As(err, &timeout) {
		return callContext(err, timeout) + fmt.Sprintf("The %s API call %s %s%s %s.", timeout.Surface, timeout.Method, timeout.Origin, timeout.Path, timeout.What()) +
			"\n\nRaise request_timeout (or CONTACTCENTER_REQUEST_TIMEOUT), or check that the service is reachable from this machine" +
			"; max_retries controls automatic retries (of safe calls, and of any call that could not be sent)."
	}
	// Run it again, and check first what a write did; not after a failure
	// that says nothing was done ("listing ... failed, so nothing was
	// created and applying again is safe"): the advice to check followed
	// that sentence when the listing's connection was dropped.
	again := "Run the operation again; after a write, check first whether it took effect."
	if errors.As(err, new(*client.NothingDoneError)) {
		again = "Run the operation again."
	}
	var neterr *client.NetworkError
	if errors.As(err, &neterr) {
		text := callContext(err, neterr) + fmt.Sprintf("The %s API call %s %s%s %s.", neterr.Surface, neterr.Method, neterr.Origin, neterr.Path, neterr.What())
		if neterr.Reading || errors.Is(err, io.ErrUnexpectedEOF) {
			// The answer began and was cut off: the service was reached.
			return text + "\n\nThe service, or a proxy on the way, closed the connection in the middle of its answer. " + again + " max_retries controls automatic retries of safe calls."
		}
		if neterr.AnsweredBefore {
			// The address is right: other calls to it were answered.
			return text + "\n\nOther calls to this address were answered: the service, or a proxy on the way, dropped this one. " + again + " max_retries controls automatic retries of safe calls."
		}
		return text + "\n\nThe service could not be reached, or closed the connection without answering. Check endpoint (or the surface's URL setting, " +
			"or CONTACTCENTER_ENDPOINT) and that the service is reachable from this machine; max_retries controls automatic retries (of safe calls, and of any call that could not be sent)."
	}
	if client.NoAnswer(err) {
		text := err.Error()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			// The answer began and was cut off: the service was reached.
			return strings.TrimSuffix(text, io.ErrUnexpectedEOF.Error()) + "the connection was closed before the whole answer arrived (unexpected EOF)" +
				"\n\nThe service, or a proxy on the way, closed the connection in the middle of its answer. " + again + " max_retries controls automatic retries of safe calls."
		}
		if errors.Is(err, io.EOF) {
			text = strings.TrimSuffix(text, io.EOF.Error()) + "the connection was closed without an answer (EOF)"
		}
		return text + "\n\nThe service could not be reached, or closed the connection without answering. Check endpoint (or the surface's URL setting, " +
			"or CONTACTCENTER_ENDPOINT) and that the service is reachable from this machine; max_retries controls automatic retries (of safe calls, and of any call that could not be sent)."
	}
	return err.Error()
}

// unsettledDetail says what was done of a write sent again only after a
// read (UnsettledWriteError): the last send's failure, how many times it
// was sent, what the reads showed, and that running it again is safe.
func unsettledDetail(op Op, u *client.UnsettledWriteError) string {
	call, _, _ := strings.Cut(APIErrorDetail(u.Err), "\n\n")
	failed := "The write was sent %s, and each time it failed without a known outcome (the service failed, or the connection was lost or timed out). "
	sent, after := fmt.Sprintf("%d times", u.Rounds), "each"
	bound := fmt.Sprintf("A membership write is sent again only after such a read (an assign sent twice would fail), %d times at most: max_retries does not change that.", u.Rounds)
	if u.Rounds == 1 {
		failed = "The write was sent %s and failed without a known outcome (the service failed, or the connection was lost or timed out). "
		sent = "once"
	}
	if u.Sends > u.Rounds {
		// A call safe to repeat is retried by the client within a round.
		sent, after = fmt.Sprintf("%d times, in %d rounds of up to 1 + max_retries attempts", u.Sends, u.Rounds), "each round"
		if u.Rounds == 1 {
			sent = fmt.Sprintf("%d times (1 + max_retries attempts)", u.Sends)
		}
		bound = fmt.Sprintf("A membership write is sent again after a round only after such a read, in %d rounds at most (max_retries sets the attempts within a round).", u.Rounds)
	}
	text := call + "\n\n" + fmt.Sprintf(failed, sent)
	switch {
	case u.ReadErr == nil:
		text += fmt.Sprintf("After %s, %s was read back and did not show the change, so it had not taken effect. %s", after, u.What, bound)
	case u.Rounds == 1:
		text += fmt.Sprintf("Reading %s back afterwards failed too (%v), so whether it took effect is not known.", u.What, u.ReadErr)
	default:
		text += fmt.Sprintf("After %s, %s was read back and did not show the change, except after the last, when reading it failed (%v): "+
			"whether the last send took effect is not known.", after, u.What, u.ReadErr)
	}
	again := "Applying again is safe"
	if op == OpDelete {
		again = "Running the destroy (or apply) again is safe"
	}
	return text + "\n\n" + again + ": a change that took effect after all is found by the same read and counted as done, not made twice. " +
		"If the service keeps failing, try again later."
}

// callContext is what a failed call was for, when err says it around the
// call's own error e ("listing ... failed, so nothing was created: "),
// ended by a blank line; "" when err says nothing more.
func callContext(err, e error) string {
	if context, _, found := strings.Cut(err.Error(), e.Error()); found && strings.TrimSpace(context) != "" {
		return strings.TrimSuffix(strings.TrimSpace(context), ":") + ":\n\n"
	}
	return ""
}

// Sentence is s begun with a capital letter, as a diagnostic's detail
// begins: an error's text begins in lower case, to be wrapped ("listing
// ... failed", "the range ... is longer than one month"). A first word
// that is a name (time_start_end, sign_id: an underscore, a digit or a
// capital within it) is left as it is written.
func Sentence(s string) string {
	first, _, _ := strings.Cut(s, " ")
	r, size := utf8.DecodeRuneInString(first)
	if size == 0 || !unicode.IsLower(r) || strings.ContainsFunc(first[size:], func(c rune) bool { return c == '_' || unicode.IsDigit(c) || unicode.IsUpper(c) }) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return "?"
}

// ParseID parses a numeric id held in a string attribute, adding an
// attribute error naming the value when it is not one.
func ParseID(diags *diag.Diagnostics, p path.Path, v string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || id <= 0 {
		diags.AddAttributeError(p, "Invalid Identifier",
			fmt.Sprintf("Expected a positive numeric id, got %q.", v))
		return 0, false
	}
	return id, true
}

// Int64Ptr returns a pointer to v's value, or nil when v is null or unknown.
func Int64Ptr(v types.Int64) *int64 {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := v.ValueInt64()
	return &x
}

// StringPtr returns a pointer to v's value, or nil when v is null or unknown.
func StringPtr(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := v.ValueString()
	return &x
}

// BoolPtr returns a pointer to v's value, or nil when v is null or unknown.
func BoolPtr(v types.Bool) *bool {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := v.ValueBool()
	return &x
}

// Float64Ptr returns a pointer to v's value, or nil when v is null or unknown.
func Float64Ptr(v types.Float64) *float64 {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := v.ValueFloat64()
	return &x
}

// StringOrNull returns a null string for "", else the value.
func StringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// NonSpace matches one character that is not white space (unicode.IsSpace,
// and the Unicode separators): the text rules of the resources, of the
// actions and of the export share it (text of white space only, or with
// white space at an end).
const NonSpace = `[^\s\x0B\x{85}\p{Z}]`
