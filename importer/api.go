package importer

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"time"
)

// Values holds an agent's fields in canonical text, keyed by AgentFields
// names: ints in decimal, booleans "true"/"false", enums by code, lists
// sorted and comma-joined. A missing key means the platform did not report
// the field.
type Values map[string]string

// Agent is an existing agent as the platform lists it (§2.6).
type Agent struct {
	UserID int64
	Values Values
	// SignedIn is the platform's check_in: the agent is signed in (its
	// plan says so when --prune would resign or delete it).
	SignedIn bool
}

// AgentAPI is what the roster needs from agent management (§4.2). The
// adapter over *client.Client is in clientapi.go; tests use fakes.
type AgentAPI interface {
	// List returns every agent, with queue_ids (relations_queues=1).
	List(ctx context.Context) iter.Seq2[Agent, error]
	// FindByNum returns the agent with that user_num, or nil.
	FindByNum(ctx context.Context, userNum string) (*Agent, error)
	// Create adds an agent (users/add) from canonical values and returns its user_id.
	Create(ctx context.Context, in Values) (int64, error)
	// Update edits an agent (users/edit) with only the values given.
	Update(ctx context.Context, userID int64, in Values) error
	// Delete removes agents (users/delete).
	Delete(ctx context.Context, userIDs ...int64) error
}

// AgentReader reads agents by user_id. An apply uses it to settle a
// write whose outcome is unknown (its answer was lost after the client's
// retries): the agent as the platform has it tells whether the write took
// effect. An AgentAPI without it leaves such a write failed.
type AgentReader interface {
	// ByID returns those of the agents ids that exist, by user_id.
	ByID(ctx context.Context, ids ...int64) (map[int64]Agent, error)
}

// Recipient is one SMS recipient: a mobile number and the template
// variables in the template's tpl_param order.
type Recipient struct {
	Mobile string
	Params []string
}

// Outcome is the platform's answer for one number.
type Outcome struct {
	Sent    bool
	Message string
	// SMSID is the platform's record id when it gave one.
	SMSID string
	// Unknown: the platform may have sent it (through the gateway, a
	// successful answer that does not list the number). No outcome is
	// recorded, so the number stays in doubt as after a lost answer and
	// the next run settles it (from the delivery reports); recorded as
	// failed, the next run sent it again.
	Unknown bool
}

// SMSSender sends a template to recipients in batches: the open interface's
// type-2 batch (§4.1) or the gateway's send_batch (§4.8).
type SMSSender interface {
	// TemplateParams returns the template's variable names (tpl_param).
	TemplateParams(ctx context.Context, templateID string) ([]string, error)
	// SendBatch sends one batch (at most MaxBatch recipients) and returns
	// the outcome of every number. tag is the run's send tag: the gateway
	// sends it as smsExt, which its delivery reports carry back (a sender
	// without such a field ignores it). An error means the batch as a
	// whole failed; wrap it in Rejected when the platform definitely sent
	// nothing (an envelope error code), otherwise the batch counts as in
	// doubt.
	SendBatch(ctx context.Context, templateID, tag string, batch []Recipient) (map[string]Outcome, error)
}

// Report is one of the platform's delivery reports: a message of the send
// tagged Tag went to Mobile.
type Report struct {
	Mobile string `json:"mobile"`
	Tag    string `json:"tag,omitempty"`
	SMSID  string `json:"sms_id,omitempty"`
	State  string `json:"state,omitempty"`
	// Record is the report as the platform gave it.
	Record json.RawMessage `json:"record,omitempty"`
}

// ReportPuller settles numbers in doubt from the platform's own delivery
// reports: the gateway's down_status queue (§6.5), whose records carry the
// smsExt of their send. A pull takes reports off the queue for good (each
// is returned once), so Send keeps every report it pulls in the journal.
type ReportPuller interface {
	// PullReports takes the next reports off the queue; none when it is
	// empty.
	PullReports(ctx context.Context) ([]Report, error)
}

// ContentLimiter is a sender whose platform refuses a message longer than
// a limit once the template is filled: the gateway, 400 characters (§8,
// error 1014). Send checks every recipient's message before the first
// send.
type ContentLimiter interface {
	// TemplateContent returns the template's text, with ${name}
	// variables, and the longest message the platform takes, in
	// characters (runes).
	TemplateContent(ctx context.Context, templateID string) (text string, limit int, err error)
}

// Reconciler can tell, after an interruption, which numbers did receive the
// template since a moment (the open interface's send records, §4.1
// sms/record/list). want holds the numbers in doubt, each with the digest
// of the values it was to get (contentDigest; "" for any values): a number
// sent other values is not sent this message. The gateway has no send
// records; it is a ReportPuller.
type Reconciler interface {
	SentSince(ctx context.Context, templateID string, want map[string]string, since time.Time) (map[string]Recorded, error)
}

// Recorded is what the send records show of a number in doubt: a message
// with its values that was sent or is on its way (Sent), or only one whose
// delivery failed (result 0; Failed is the record's errmsg, such as
// "UNDELIV"). A number with neither has no record.
type Recorded struct {
	Sent   bool
	Failed string
}

// Rejected marks a send error after which the platform surely sent nothing.
// All marks a refusal every further batch of the run would get (the
// gateway's template, signature or credentials, client.GatewayRequestWide;
// the open interface's token or template, client.OpenSMSRequestWide):
// Send then sends no further batch.
type Rejected struct {
	Err error
	All bool
}

func (e *Rejected) Error() string { return e.Err.Error() }
func (e *Rejected) Unwrap() error { return e.Err }

// IsRejected reports whether err is a definite, whole-batch refusal.
func IsRejected(err error) bool {
	var r *Rejected
	return errors.As(err, &r)
}

// rejectsAll reports whether err is a refusal every further batch would
// get (Rejected.All).
func rejectsAll(err error) bool {
	var r *Rejected
	return errors.As(err, &r) && r.All
}

// Permanent marks an agent-write error that a retry cannot fix (the
// platform answered with an error code); other errors are retried.
type Permanent struct{ Err error }

func (e *Permanent) Error() string { return e.Err.Error() }
func (e *Permanent) Unwrap() error { return e.Err }

func isPermanent(err error) bool {
	var p *Permanent
	return errors.As(err, &p) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
