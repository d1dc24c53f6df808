package importer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// MaxBatch is the most numbers one send request carries: §8 "mobiles per
// gateway request: at most 200" (send_batch and the batch template send).
const MaxBatch = 200

// Send outcomes of one recipient.
const (
	SendSent        = "sent"
	SendFailed      = "failed"
	SendDuplicate   = "duplicate"
	SendAlreadySent = "already sent"
	SendUnknown     = "unknown"
	SendDryRun      = "dry-run"
	// SendNotSent is a number an interruption (or the end of the
	// context) kept from being sent: nothing went out for it, and the next
	// run sends it. It is not a failure.
	SendNotSent = "not sent"
)

// MessageNotSent is the message of the numbers an interruption kept from
// being sent, after one Ctrl-C or two.
const MessageNotSent = "not sent (interrupted): the run stopped before this batch; run again to send it"

// SendOptions tune a send.
type SendOptions struct {
	TemplateID string
	// Via is "open" (§4.1 type-2 batch) or "gateway" (§4.8 send_batch).
	Via string
	// BatchSize is at most MaxBatch (the default).
	BatchSize int
	// DryRun checks and reports without sending or writing the journal.
	DryRun bool
	// Journal is the journal file; required unless DryRun.
	Journal string
	// ResendUnknown sends again the numbers left in doubt by an interrupted
	// run that cannot be reconciled (the gateway keeps no send records).
	ResendUnknown bool
	// Stop, when closed, ends the run gracefully: the batch in flight is
	// not cut off (its answer is recorded in the journal) and no further
	// batch is sent; Send then returns an error wrapping ErrInterrupted.
	// Cancelling ctx instead aborts at once, leaving the batch in flight in
	// doubt.
	Stop <-chan struct{}
	// ReportsTaken, when set, is told how many delivery reports settling
	// numbers in doubt took off the gateway's queue (down_status, §4.8;
	// each record handed out once, §6.5), and how many of them
	// are of other sends (a tag no intent of this journal has): the queue
	// hands each report out once, so those are then kept only in the
	// journal's "reports" lines.
	ReportsTaken func(taken, others int)
	// Progress, when set, is told what happened to every batch: once per
	// batch sent, refused or left in doubt, and once for the batches a
	// stopped run did not send.
	Progress func(BatchProgress)
	// NotLocked, when set, is told, before anything is sent, that the
	// journal holds no lock because its file system takes none (the error
	// wraps filelock.ErrNoLocks): the run goes on, as every run did before
	// locks, but a second run on the journal at the same time is not
	// refused and would send to the numbers neither has recorded yet.
	NotLocked func(journal string, err error)

	// crashAfterSend, in tests, stops the run after that batch (1-based)
	// was sent and before its outcome is written, as a crash would.
	crashAfterSend int
	// now, in tests, is the clock (time.Now when nil).
	now func() time.Time
}

// recordsSettle is how long after a send left in doubt its absence from
// the platform's send records does not show that it was not sent: a send
// whose answer was lost to a gateway time-out (HTTP 504) or a client
// time-out may still be carried out, and its record appear, later. A run
// within that time leaves such numbers in doubt rather than send them
// again (a run started at once after a 504 texted every number twice).
const recordsSettle = 5 * time.Minute

// RecordsSettleText is recordsSettle in words ("5 minutes"), for the
// messages and help that name it.
var RecordsSettleText = client.DurationWords(recordsSettle)

// What happened to a batch (BatchProgress.Status).
const (
	// BatchSent: the platform answered; Sent of its Numbers were accepted
	// (the others were refused one by one).
	BatchSent = "sent"
	// BatchRefused: the platform refused the whole batch; nothing went out.
	BatchRefused = "refused"
	// BatchInDoubt: the answer was lost (or the run was aborted while
	// waiting for it); the platform may have sent it. The next run settles
	// its numbers.
	BatchInDoubt = "in doubt"
	// BatchNotSent: the run stopped before these batches.
	BatchNotSent = "not sent"
)

// BatchProgress tells what happened to one batch, or for BatchNotSent to
// the batches Batch through Last, of Total.
type BatchProgress struct {
	Batch, Last, Total int
	Status             string
	// Numbers is how many numbers the batch (or batches) held; Sent how
	// many the platform accepted; Unknown how many its answer left in
	// doubt (Outcome.Unknown).
	Numbers, Sent, Unknown int
	// Reason is the refusal, the error that lost the answer, or why the
	// batches were not sent.
	Reason string
	// Cause is why a batch in doubt is (CauseLost, CauseTimeout,
	// CauseInterrupted, CauseServerError).
	Cause string
}

// SendResult is one recipient row of a send report.
type SendResult struct {
	Row     int      `json:"row"`
	Mobile  string   `json:"mobile"`
	Params  []string `json:"params,omitempty"`
	Outcome string   `json:"outcome"`
	Message string   `json:"message,omitempty"`
	SMSID   string   `json:"sms_id,omitempty"`
	// ValuesDiffer marks a duplicate whose values differ from those of the
	// row it repeats: its values are not sent.
	ValuesDiffer bool `json:"values_differ,omitempty"`
}

// ErrInterrupted is wrapped by the error of a send ended through
// SendOptions.Stop.
var ErrInterrupted = errors.New("interrupted")

// errCrash is returned by the crash test hook.
var errCrash = errors.New("simulated crash between send and outcome record")

// Send sends the template to every unique recipient of the list that the
// journal does not already settle, in batches, recording an intent before
// and an outcome after each batch (fsynced), and returns every row's result.
//
// Interrupted runs: a number with an intent and no outcome is in doubt — the
// batch may or may not have gone out. With a Reconciler (the open
// interface's send records) the next run asks the platform which of them got
// the template since the intent, records those as sent and sends the rest.
// With a ReportPuller (the gateway) every send carries the run's tag
// (smsExt), and the next run pulls the platform's delivery reports: a
// number with a report of one of its tags is recorded as sent; the others
// are not sent again but reported "unknown" (the run exits with failures)
// unless opts.ResendUnknown, which sends them — never before the reports
// were read to the end of the queue. Sending nobody twice is the default;
// missing nobody is one explicit decision away.
func Send(ctx context.Context, sender SMSSender, list *RecipientList, opts SendOptions) ([]SendResult, error) {
	if opts.BatchSize <= 0 || opts.BatchSize > MaxBatch {
		opts.BatchSize = MaxBatch
	}
	if opts.Via == "" {
		opts.Via = "open"
	}
	if !opts.DryRun && opts.Journal == "" {
		return nil, errors.New("a journal file is required to send")
	}
	// Bad input sends nothing: a message the platform would refuse as too
	// long is named before the first send (a *Problems error).
	if probs, err := CheckContent(ctx, sender, list, opts.TemplateID); err != nil {
		return nil, fmt.Errorf("template %s: %w", opts.TemplateID, err)
	} else if len(probs) > 0 {
		return nil, probs
	}
	var j *journal
	if opts.Journal != "" {
		var err error
		if j, err = openJournal(opts.Journal, opts.TemplateID, opts.Via, opts.DryRun); err != nil {
			return nil, err
		}
		defer j.close()
		if j.unlocked != nil && opts.NotLocked != nil {
			opts.NotLocked(opts.Journal, j.unlocked)
		}
	} else {
		j = &journal{state: map[string]*numberState{}}
	}
	// The run's tag: sent with every batch (the gateway's smsExt) and
	// recorded with every intent, so the platform's delivery reports tell
	// which numbers in doubt were sent.
	tag := "ccs" + strconv.FormatInt(time.Now().UnixNano(), 36)
	var notes, again map[string]string
	if !opts.DryRun {
		if err := j.write(journalRec{Type: "run", Time: time.Now(), Template: opts.TemplateID, Via: opts.Via, Tag: tag}); err != nil {
			return nil, err
		}
		var err error
		if notes, again, err = reconcile(ctx, sender, j, opts); err != nil {
			return nil, err
		}
	}

	results := make([]SendResult, len(list.Rows))
	content := make([]string, len(list.Rows)) // by row index: contentDigest of the values by meaning
	shown := make([]string, len(list.Rows))   // ...and as sent
	var todo []int                            // indexes into list.Rows
	byRow := map[int]int{}                    // row number → index
	for i, r := range list.Rows {
		byRow[r.Row] = i
	}
	for i, r := range list.Rows {
		res := SendResult{Row: r.Row, Mobile: r.Mobile, Params: r.Params}
		content[i] = contentDigest(list.Params, keysOf(r))
		shown[i] = contentDigest(list.Params, r.Params)
		st := j.state[r.Mobile]
		// A number sent before with other values is a new message: the
		// same file with next week's values is sent.
		resent := st != nil && st.status == "sent" && !sameContent(st.content, content[i])
		switch {
		case r.DuplicateOf != 0:
			res.Outcome = SendDuplicate
			res.Message = fmt.Sprintf("same number as row %d; not sent again", r.DuplicateOf)
			if fi, ok := byRow[r.DuplicateOf]; ok && !sameContent(content[fi], content[i]) {
				res.ValuesDiffer = true
				res.Message = fmt.Sprintf("same number as row %d, with other values (%s); this row's values are not sent: the number gets one message, with row %d's values",
					r.DuplicateOf, valueDiff(list.Params, list.Rows[fi], r), r.DuplicateOf)
			}
		case st != nil && st.status == "sent" && !resent:
			res.Outcome, res.Message, res.SMSID = SendAlreadySent, alreadySentMessage(st, opts.Journal), st.smsID
			if n := notes[r.Mobile]; n != "" {
				res.Message = n
			}
		case st != nil && st.status == "doubt":
			res.Outcome = SendUnknown
			res.Message = "in doubt after " + doubtCause(st) + "; " +
				"not sent again. Check delivery reports, then run again with --resend-unknown to send it anyway"
			if opts.DryRun {
				// A dry run reads neither the send records nor the
				// reports: it told to check the reports and to add
				// --resend-unknown, to a run through the open interface
				// (which settles it from its send records) or one given
				// --resend-unknown.
				res.Message = doubtDryRun(opts.Via)
			}
			if n := notes[r.Mobile]; n != "" {
				res.Message = n
			}
		case opts.DryRun:
			res.Outcome, res.Message = SendDryRun, "would send"
			switch {
			case resent:
				res.Message = "would send: an earlier run sent this number other values"
			case st != nil && st.status == "failed":
				res.Message = "would send again (an earlier attempt failed: " + st.message + ")"
			}
		default:
			todo = append(todo, i)
		}
		results[i] = res
	}
	if opts.DryRun {
		return results, nil
	}

	batches := makeBatches(todo, opts)
	progress := func(p BatchProgress) {
		if opts.Progress != nil {
			p.Total = len(batches)
			if p.Last == 0 {
				p.Last = p.Batch
			}
			opts.Progress(p)
		}
	}
	for bi, batch := range batches {
		if err := ctx.Err(); err != nil {
			msg, reason := MessageNotSent, "interrupted"
			if !errors.Is(err, context.Canceled) {
				msg, reason = "not sent: "+err.Error()+"; run again to send it", err.Error()
			}
			markRest(results, batches[bi:], SendNotSent, msg)
			progress(BatchProgress{Batch: bi + 1, Last: len(batches), Status: BatchNotSent, Numbers: countIn(batches[bi:]), Reason: reason})
			return results, err
		}
		if stopped(opts.Stop) {
			markRest(results, batches[bi:], SendNotSent, MessageNotSent)
			progress(BatchProgress{Batch: bi + 1, Last: len(batches), Status: BatchNotSent, Numbers: countIn(batches[bi:]), Reason: "interrupted"})
			if bi == 0 {
				return results, fmt.Errorf("%w before the first batch; nothing was sent", ErrInterrupted)
			}
			return results, fmt.Errorf("%w after batch %d of %d; no further batch was sent", ErrInterrupted, bi, len(batches))
		}
		rec := make([]Recipient, len(batch))
		mobiles := make([]string, len(batch))
		digests, sent := map[string]string{}, map[string]string{}
		for k, i := range batch {
			rec[k] = list.Rows[i].Recipient
			mobiles[k] = list.Rows[i].Mobile
			digests[mobiles[k]], sent[mobiles[k]] = content[i], shown[i]
		}
		id := strconv.FormatInt(time.Now().UnixNano(), 36) + "-" + strconv.Itoa(bi+1)
		if err := j.write(journalRec{Type: "intent", Time: time.Now(), Batch: id, Mobiles: mobiles, Content: digests, Shown: sent, Tag: tag}); err != nil {
			markRest(results, batches[bi:], SendFailed, "not sent: journal: "+err.Error())
			return results, err
		}
		out, err := sender.SendBatch(ctx, opts.TemplateID, tag, rec)
		if opts.crashAfterSend == bi+1 {
			return results, errCrash
		}
		switch {
		case err != nil && IsRejected(err):
			// The platform refused the whole batch: nothing went out.
			outcomes := map[string]Outcome{}
			for _, m := range mobiles {
				outcomes[m] = Outcome{Message: err.Error()}
			}
			if werr := j.write(journalRec{Type: "outcome", Time: time.Now(), Batch: id, Results: outcomes, Content: digests, Error: err.Error()}); werr != nil {
				return results, werr
			}
			for _, i := range batch {
				results[i].Outcome, results[i].Message = SendFailed, err.Error()
			}
			progress(BatchProgress{Batch: bi + 1, Status: BatchRefused, Numbers: len(batch), Reason: err.Error()})
			// A refusal every batch would get (the template, the
			// signature, credentials): the rest are not sent, and said so
			// once, where each of 50 batches was sent and refused alike.
			if rest := batches[bi+1:]; rejectsAll(err) && len(rest) > 0 {
				return results, stopAfterRefusal(j, list, results, rest, bi+1, len(batches), err, progress)
			}
		case err != nil:
			// The answer is lost: the batch stays in doubt (no outcome
			// record), and the next run reconciles it.
			reason := err.Error()
			if ctx.Err() != nil {
				reason = "aborted while waiting for the platform's answer: " + reason
			}
			// Why, for the next run's words: an abort, a time-out, a
			// server error and a lost answer are told apart (a run killed
			// writes nothing).
			cause := lostCause(ctx, err)
			if werr := j.write(journalRec{Type: "lost", Time: time.Now(), Batch: id, Mobiles: mobiles, Cause: cause, Error: err.Error()}); werr != nil {
				return results, werr
			}
			what := "the send's answer was lost (" + reason + ")"
			switch cause {
			case CauseInterrupted:
				what = "the run was aborted while waiting for the send's answer"
			case CauseTimeout:
				what = "the send got no answer in time (" + reason + ")"
			case CauseServerError:
				what = "the send was answered with a server error, which does not say whether it was sent (" + reason + ")"
			}
			for _, i := range batch {
				results[i].Outcome = SendUnknown
				results[i].Message = what + "; run again to reconcile: " + DoubtSettledBy(opts.Via)
			}
			progress(BatchProgress{Batch: bi + 1, Status: BatchInDoubt, Numbers: len(batch), Reason: reason, Cause: cause})
		default:
			outcomes, doubtful := map[string]Outcome{}, map[string]Outcome{}
			for _, m := range mobiles {
				o, ok := out[m]
				if !ok {
					o = Outcome{Message: "the platform's answer does not mention this number"}
				}
				if o.Unknown {
					// Left without an outcome: in doubt, as after a lost
					// answer, for the next run to settle.
					doubtful[m] = o
					continue
				}
				outcomes[m] = o
			}
			if werr := j.write(journalRec{Type: "outcome", Time: time.Now(), Batch: id, Results: outcomes, Content: digests}); werr != nil {
				return results, werr
			}
			if len(doubtful) > 0 {
				unlisted := slices.Sorted(maps.Keys(doubtful))
				if werr := j.write(journalRec{Type: "lost", Time: time.Now(), Batch: id, Mobiles: unlisted, Cause: CauseUnlisted}); werr != nil {
					return results, werr
				}
			}
			sent, unknown := 0, 0
			for _, i := range batch {
				if o, ok := doubtful[list.Rows[i].Mobile]; ok {
					results[i].Outcome = SendUnknown
					results[i].Message = o.Message + "; run again to reconcile: " + DoubtSettledBy(opts.Via)
					unknown++
					continue
				}
				o := outcomes[list.Rows[i].Mobile]
				results[i].Outcome, results[i].Message, results[i].SMSID = SendFailed, o.Message, o.SMSID
				if o.Sent {
					results[i].Outcome = SendSent
					sent++
				}
				// Sent again after an interruption because the first
				// message's delivery failed: say so.
				if n := again[list.Rows[i].Mobile]; n != "" {
					results[i].Message = strings.Join(slices.DeleteFunc([]string{n, o.Message}, func(s string) bool { return s == "" }), "; ")
				}
			}
			progress(BatchProgress{Batch: bi + 1, Status: BatchSent, Numbers: len(batch), Sent: sent, Unknown: unknown})
		}
	}
	// Interrupted during the last batch: nothing was left to stop, but the
	// run was asked to stop (or aborted, leaving that batch in doubt).
	if err := ctx.Err(); err != nil && len(batches) > 0 {
		return results, err
	}
	if stopped(opts.Stop) && len(batches) > 0 {
		return results, fmt.Errorf("%w during the last batch (%d of %d), which finished and is recorded", ErrInterrupted, len(batches), len(batches))
	}
	return results, nil
}

// RefusedAllError is Send's error when a batch was refused with an error
// every further batch would get (Rejected.All: the gateway's template,
// signature or credentials, the open interface's token or template): no further batch was sent, and their NotSent
// numbers are SendNotSent, for a later run to send.
type RefusedAllError struct {
	// Batch was refused, of Total; the batches after it were not sent.
	Batch, Total, NotSent int
	// Refusal is the refusal in a few words ("code 1018, signature does
	// not exist"); Err the whole of it.
	Refusal string
	Err     error
}

func (e *RefusedAllError) Error() string {
	return fmt.Sprintf("batch %d of %d was refused with an error every batch would get (%s), so no further batch was sent (%d numbers not sent)",
		e.Batch, e.Total, e.Refusal, e.NotSent)
}

func (e *RefusedAllError) Unwrap() error { return e.Err }

// notSentShown is how many numbers the line of the batches a refusal kept
// from being sent names; the others are counted.
const notSentShown = 5

// stopAfterRefusal ends a run whose batch (1-based, of total) was refused
// with an error every further batch would get: the batches rest are not
// sent. Their rows are SendNotSent, the journal records their numbers as
// not sent (a "notsent" record, which settles nothing: the next run sends
// them), and one progress line names the refusal, how many, their rows and
// the first few numbers.
func stopAfterRefusal(j *journal, list *RecipientList, results []SendResult, rest [][]int, batch, total int, err error, progress func(BatchProgress)) error {
	var rows []int
	var mobiles []string
	for _, b := range rest {
		for _, i := range b {
			rows = append(rows, list.Rows[i].Row)
			mobiles = append(mobiles, list.Rows[i].Mobile)
		}
	}
	e := &RefusedAllError{Batch: batch, Total: total, NotSent: len(mobiles), Refusal: refusalWords(err), Err: err}
	markRest(results, rest, SendNotSent, fmt.Sprintf("not sent: batch %d of %d was refused with an error every batch would get (%s), "+
		"so no further batch was sent; fix what the refusal says and run again to send it", batch, total, e.Refusal))
	shown := textcheck.SomeOf(len(mobiles), notSentShown, func(i int) string { return mobiles[i] })
	progress(BatchProgress{Batch: batch + 1, Last: total, Status: BatchNotSent, Numbers: len(mobiles),
		Reason: fmt.Sprintf("batch %d's refusal (%s) is one every batch would get, so no further batch was sent: %s %s: %s; "+
			"fix what the refusal says and run again to send them", batch, e.Refusal, map[bool]string{true: "row", false: "rows"}[len(rows) == 1], rowSpans(rows), shown)})
	if werr := j.write(journalRec{Type: "notsent", Time: time.Now(), Mobiles: mobiles, Error: err.Error(), Note: e.Error()}); werr != nil {
		return errors.Join(e, werr)
	}
	return e
}

// refusalWords says a refusal in a few words: the gateway's code and its
// meaning, the open interface's code and message, else the error.
func refusalWords(err error) string {
	if ge, ok := client.AsGatewayError(err); ok {
		if ge.Meaning != "" {
			return fmt.Sprintf("code %d, %s", ge.Code, ge.Meaning)
		}
		return fmt.Sprintf("code %d: %s", ge.Code, ge.Message)
	}
	// The open interface's codes have no table (§7.1): its message, without
	// the request id each batch's answer has its own of.
	if e, ok := client.AsAPIError(err); ok && e.Code > 0 && e.Message != "" {
		return fmt.Sprintf("code %d: %s", e.Code, e.Message)
	}
	return err.Error()
}

// rowSpansShown is how many spans of rows rowSpans writes; the others are
// counted.
const rowSpansShown = 5

// rowSpans writes row numbers, in order, as spans: "202-10001", or
// "202-250, 260-300 and 4 more spans".
func rowSpans(rows []int) string {
	parts := rowRangeParts(rows)
	if len(parts) > rowSpansShown {
		return textcheck.SomeOf(len(parts), rowSpansShown, func(i int) string { return parts[i] }) + " spans"
	}
	return strings.Join(parts, ", ")
}

// RowRanges writes sorted row numbers as ranges, every one: "2-25, 30".
func RowRanges(rows []int) string { return strings.Join(rowRangeParts(rows), ", ") }

func rowRangeParts(rows []int) []string {
	var parts []string
	for i := 0; i < len(rows); {
		k := i
		for k+1 < len(rows) && rows[k+1] == rows[k]+1 {
			k++
		}
		if k > i {
			parts = append(parts, fmt.Sprintf("%d-%d", rows[i], rows[k]))
		} else {
			parts = append(parts, strconv.Itoa(rows[i]))
		}
		i = k + 1
	}
	return parts
}

// DoubtSettledBy says how a later run settles a batch left in doubt.
// Through the open interface, from the platform's send records once the
// batch is RecordsSettleText old (a lost batch may still be carried out).
// Through the gateway, which keeps no send records, from its delivery
// reports (down_status, §4.8), whatever the batch's age: a number they do
// not show stays unknown, sent again only with --resend-unknown
// (settleFromReports); waiting for the batch to be old settles nothing.
func DoubtSettledBy(via string) string {
	if via == "gateway" {
		return "a run once its delivery reports have arrived settles it from them; a number they do not show stays unknown, sent again only with --resend-unknown"
	}
	return "a run once the batch is " + RecordsSettleText + " old settles it"
}

// doubtDryRun is what a dry run says of a number an earlier run left in
// doubt: what a send (not a dry run) does with it.
func doubtDryRun(via string) string {
	const left = "in doubt: an earlier run sent this number's batch and did not record the answer; a dry run does not settle it: "
	if via == "gateway" {
		return left + "a send first reads the gateway's delivery reports, and sends it again only if they do not show it sent and --resend-unknown is given"
	}
	return left + "a send first reads the platform's send records, and sends it again only if they do not show it sent " +
		"once the batch is " + RecordsSettleText + " old (or at once with --resend-unknown)"
}

// stopped tells whether stop is closed (never, for nil).
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// valueDiff names the values in which a duplicate row differs from the
// row it repeats: name "Alicia" here, "Alice" in row 2.
func valueDiff(names []string, first, dup RecipientRow) string {
	fk, dk := keysOf(first), keysOf(dup)
	var parts []string
	for k := range dup.Params {
		if k < len(fk) && k < len(dk) && fk[k] == dk[k] {
			continue
		}
		name := fmt.Sprintf("value %d", k+1)
		if k < len(names) {
			name = names[k]
		}
		was := ""
		if k < len(first.Params) {
			was = first.Params[k]
		}
		here, there := diffExcerpts(dup.Params[k], was)
		parts = append(parts, fmt.Sprintf("%s %s here, %s in row %d", name, here, there, first.Row))
	}
	return strings.Join(parts, "; ")
}

// diffShown is the most characters of a value a duplicate's message quotes.
const diffShown = 40

// diffExcerpts quotes two values that differ: whole when both are short,
// else the part of each from a few characters before where they first
// differ, cut to diffShown characters with "…" and each value's length.
// Quoted whole, two values of 500 characters made the row's message over
// a thousand, and two that differ only at their end read the same when cut
// at the start.
func diffExcerpts(a, b string) (string, string) {
	ra, rb := []rune(a), []rune(b)
	if len(ra) <= diffShown && len(rb) <= diffShown {
		return strconv.Quote(a), strconv.Quote(b)
	}
	d := 0
	for d < len(ra) && d < len(rb) && ra[d] == rb[d] {
		d++
	}
	from := max(d-diffShown/4, 0)
	excerpt := func(r []rune) string {
		if len(r) <= diffShown {
			return strconv.Quote(string(r))
		}
		lead, tail := "", ""
		start := min(from, len(r))
		end := min(start+diffShown, len(r))
		if start > 0 {
			lead = "…"
		}
		if end < len(r) {
			tail = "…"
		}
		return fmt.Sprintf("%s%q%s (%d characters)", lead, string(r[start:end]), tail, len(r))
	}
	return excerpt(ra), excerpt(rb)
}

// alreadySentMessage tells a row the journal shows as sent with the same
// values when, and how to send it again on purpose.
func alreadySentMessage(st *numberState, journalPath string) string {
	when := ""
	if !st.at.IsZero() {
		when = " on " + st.at.UTC().Format("2006-01-02 15:04 UTC")
	}
	return fmt.Sprintf("sent by an earlier run%s with the same values (journal %s); not sent again. To send the same message again, use another --journal", when, journalPath)
}

// NotReceived is in the message of a number in doubt that was found sent
// and whose gateway delivery report says FAIL, not received (§3.6): it
// counts as already sent (not sent again), and the summary says how many
// of those were not received.
const NotReceived = "says it was not received (state FAIL)"

// SettledSent begins the message of a number an earlier run left in doubt
// and this one found sent (SendAlreadySent): callers list those rows. What
// follows says why it was in doubt (doubtCause) and what showed it sent.
const SettledSent = "found sent after "

// Why a batch's numbers are in doubt (the "lost" journal record's cause).
const (
	// CauseInterrupted: the run was aborted (a second Ctrl-C, SIGTERM)
	// while waiting for the answer.
	CauseInterrupted = "interrupted"
	// CauseTimeout: no answer in time: the client's request timeout, the
	// run's deadline, an HTTP 504 (a gateway in between timed out), or
	// the SMS gateway's code 1010 "sending timed out (retry)" (§7.4).
	CauseTimeout = "timeout"
	// CauseLost: the answer was lost on the way (the connection closed or
	// reset, an answer that could not be read).
	CauseLost = "lost"
	// CauseServerError: the answer was an HTTP 5xx other than 504 with no
	// envelope. The spec lists the gateway's errors as envelope codes
	// (§7.4; its own "sending timed out (retry)" is code 1010) and shows no
	// HTTP statuses, so such an answer does not say whether the send was
	// carried out: in doubt, as a lost answer.
	CauseServerError = "server error"
	// CauseUnlisted: the platform answered, and its answer did not list
	// the number.
	CauseUnlisted = "unlisted"
)

// lostCause tells why the answer to a send was lost (err), in a run whose
// context is ctx: a user's interruption is not a lost answer, nor is a
// lost answer an interruption.
func lostCause(ctx context.Context, err error) string {
	if cerr := ctx.Err(); cerr != nil {
		if errors.Is(cerr, context.DeadlineExceeded) {
			return CauseTimeout
		}
		return CauseInterrupted
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return CauseTimeout
	}
	if ge, ok := client.AsGatewayError(err); ok && ge.Code == client.GatewaySendTimeout {
		return CauseTimeout // §7.4 code 1010 "sending timed out (retry)"
	}
	if e, ok := client.AsAPIError(err); ok && e.HTTPStatus == http.StatusGatewayTimeout {
		return CauseTimeout
	} else if ok && e.HTTPStatus >= 500 && e.Code == -1 {
		return CauseServerError
	}
	return CauseLost
}

// doubtCause says why a number is in doubt, as the noun after "found sent
// after" or "in doubt after": the cause the journal recorded, with the
// error, or a run that stopped before it recorded anything.
func doubtCause(st *numberState) string {
	switch st.cause {
	case CauseInterrupted:
		return "an interruption while waiting for the send's answer"
	case CauseTimeout:
		return "a time-out waiting for the send's answer (" + st.reason + ")"
	case CauseLost:
		return "a lost answer to the send (" + st.reason + ")"
	case CauseServerError:
		return "a server error answer to the send, which does not say whether it was sent (" + st.reason + ")"
	case CauseUnlisted:
		return "a send whose answer did not list it"
	}
	return "a run that stopped between sending and recording the answer (or a journal of an earlier ccsync, which did not record why)"
}

// foundInRecords is the outcome of a number in doubt that the platform's
// send records show was sent this template with these values.
func foundInRecords(st *numberState) string {
	return SettledSent + doubtCause(st) + ": the platform's send records show this template sent to it with these values"
}

// reconcile settles the numbers an interrupted run left in doubt. It
// returns, by number, what to tell about those it settled or left in doubt
// (notes), and about those it sends again because their first message's
// delivery failed (again).
func reconcile(ctx context.Context, sender SMSSender, j *journal, opts SendOptions) (notes, again map[string]string, err error) {
	var doubt []string
	since := time.Time{}
	for m, st := range j.state {
		if st.status == "doubt" {
			doubt = append(doubt, m)
			if since.IsZero() || st.since.Before(since) {
				since = st.since
			}
		}
	}
	if len(doubt) == 0 {
		return nil, nil, nil
	}
	slices.Sort(doubt)
	if rp, ok := sender.(ReportPuller); ok {
		notes, err := settleFromReports(ctx, rp, j, doubt, opts.ResendUnknown, opts.ReportsTaken)
		return notes, nil, err
	}
	if rc, ok := sender.(Reconciler); ok {
		// The send records hold the values as sent (shown); a journal that
		// did not record them has only their meaning.
		want := map[string]string{}
		for _, m := range doubt {
			want[m] = cmp.Or(j.state[m].shown, j.state[m].content)
		}
		sent, err := rc.SentSince(ctx, opts.TemplateID, want, since)
		now := time.Now()
		if opts.now != nil {
			now = opts.now()
		}
		if err == nil {
			outcomes := map[string]Outcome{}
			notes, again = map[string]string{}, map[string]string{}
			for _, m := range doubt {
				switch rec := sent[m]; {
				case rec.Sent:
					outcomes[m] = Outcome{Sent: true, Message: foundInRecords(j.state[m])}
					notes[m] = foundInRecords(j.state[m]) + "; not sent again"
				case rec.Failed != "":
					// Sent, but nothing arrived: it goes again, on purpose.
					msg := fmt.Sprintf(SettledSent+"%s, but its delivery failed (%s): sending again", doubtCause(j.state[m]), rec.Failed)
					outcomes[m] = Outcome{Message: msg}
					again[m] = msg
				case !opts.ResendUnknown && now.Sub(j.state[m].since) < recordsSettle:
					// Too soon to tell: left in doubt (no outcome written).
					since := j.state[m].since
					notes[m] = fmt.Sprintf("an earlier run began sending it at %s, %s ago, and the platform's send records do not show it yet: "+
						"a send whose answer was lost may still be carried out, so it is not sent again now. Run again after %s, "+
						"when the records tell (or with --resend-unknown to send it anyway)",
						since.UTC().Format("15:04:05 UTC"), now.Sub(since).Round(time.Second), since.Add(recordsSettle).UTC().Format("15:04:05 UTC"))
				case now.Sub(j.state[m].since) < recordsSettle:
					// --resend-unknown, before the records could tell.
					outcomes[m] = Outcome{Message: "sent again by --resend-unknown: the platform's send records did not show it yet (the earlier send may still land)"}
				default:
					outcomes[m] = Outcome{Message: "not sent: in doubt after " + doubtCause(j.state[m]) +
						", and the platform's send records show no message with these values that was sent or is on its way"}
				}
			}
			return notes, again, j.write(journalRec{Type: "outcome", Time: time.Now(), Results: outcomes, Note: "reconciled"})
		}
		if !opts.ResendUnknown {
			return nil, nil, nil
		}
	}
	if opts.ResendUnknown {
		return nil, nil, j.write(journalRec{Type: "outcome", Time: time.Now(), Results: released(j, doubt), Note: "resend-unknown"})
	}
	return nil, nil, nil
}

// released is the outcome of numbers in doubt that --resend-unknown lets go
// again.
func released(j *journal, mobiles []string) map[string]Outcome {
	out := map[string]Outcome{}
	for _, m := range mobiles {
		out[m] = Outcome{Message: "in doubt after " + doubtCause(j.state[m]) + "; released by --resend-unknown"}
	}
	return out
}

// maxReportPulls bounds the pulls of one settlement (100 reports each at
// the gateway): a queue longer than that is left for the next run.
const maxReportPulls = 1000

// settleFromReports settles numbers in doubt from the platform's delivery
// reports. Reports already in the journal count; while a number in doubt
// has none, the queue is pulled, each batch of reports written to the
// journal (fsynced) before it is used. A number with a report of one of
// its tags was sent. The others stay in doubt — unless resend, and the
// queue was read to its end without error, when they are released to be
// sent again: the platform has no record of them. Numbers in doubt from a
// journal without tags cannot be looked up; resend releases them as before.
func settleFromReports(ctx context.Context, rp ReportPuller, j *journal, doubt []string, resend bool, taken func(taken, others int)) (map[string]string, error) {
	missing := func() int {
		n := 0
		for _, m := range doubt {
			if _, ok := j.reportOf(m); !ok && len(j.state[m].tags) > 0 {
				n++
			}
		}
		return n
	}
	var pullErr error
	drained := false
	total, others := 0, 0
	defer func() {
		if taken != nil && total > 0 {
			taken(total, others)
		}
	}()
	for pulls := 0; missing() > 0; pulls++ {
		if pulls == maxReportPulls {
			pullErr = fmt.Errorf("stopped after %d pulls of delivery reports with numbers still not found", pulls)
			break
		}
		// The pull is recorded before it is made: one whose answer is lost,
		// or whose run is killed, may have taken reports off the queue
		// that nobody recorded, and the numbers they were of cannot be
		// settled any more (reportsMayBeLost).
		if err := j.write(journalRec{Type: "pull", Time: time.Now()}); err != nil {
			return nil, err
		}
		reps, err := rp.PullReports(ctx)
		if err != nil {
			pullErr = err
			if !client.IsAmbiguous(err) {
				// It did not reach the platform: it took nothing (a
				// cancellation stops a pull only before it is sent).
				if werr := j.write(journalRec{Type: "reports", Time: time.Now()}); werr != nil {
					return nil, werr
				}
			}
			break
		}
		if err := j.write(journalRec{Type: "reports", Time: time.Now(), Reports: reps}); err != nil {
			return nil, err
		}
		if len(reps) == 0 {
			drained = true
			break
		}
		total += len(reps)
		for _, r := range reps {
			if !j.tags[r.Tag] {
				others++
			}
		}
	}
	notes := map[string]string{}
	outcomes := map[string]Outcome{}
	var release []string
	for _, m := range doubt {
		tags := j.state[m].tags
		rep, found := j.reportOf(m)
		lostAt := j.reportsMayBeLost(j.state[m].since)
		switch {
		case found && rep.State == "FAIL":
			// Sent, and not received (§3.6: FAIL "not received"): said
			// as such, where the row read "already sent" like any other.
			// It is not sent again (a second report of it would settle
			// the new send as failed too); the operator decides.
			msg := fmt.Sprintf(SettledSent+"%s, but the gateway's delivery report for smsExt %s "+NotReceived+"; "+
				"not sent again: check the number, and to try again send to it with a sheet of its own", doubtCause(j.state[m]), rep.Tag)
			outcomes[m] = Outcome{Sent: true, Message: msg, SMSID: rep.SMSID}
			notes[m] = msg
		case found:
			msg := fmt.Sprintf(SettledSent+"%s: the gateway's delivery report for smsExt %s shows it (state %s)", doubtCause(j.state[m]), rep.Tag, rep.State)
			outcomes[m] = Outcome{Sent: true, Message: msg, SMSID: rep.SMSID}
			notes[m] = msg
		case len(tags) == 0:
			if resend {
				release = append(release, m)
			}
		case !lostAt.IsZero():
			// Not released even with --resend-unknown: it may have been
			// sent, and its report taken by ccsync itself and lost.
			notes[m] = fmt.Sprintf("in doubt after %s and not sent again: a pull of the gateway's delivery reports by ccsync at %s "+
				"got no answer or was interrupted, so the reports it took off the queue are lost, and this number's (smsExt %s) may be among them. "+
				"Sending it again could send it twice, so neither a new run nor --resend-unknown settles it: "+
				"check the delivery records in the gateway's portal, and if it has none, send to it with a sheet of its own",
				doubtCause(j.state[m]), lostAt.Local().Format("2006-01-02 15:04:05"), strings.Join(tags, ", "))
		case pullErr != nil:
			notes[m] = fmt.Sprintf("in doubt after %s and not sent again: the gateway's delivery reports (smsExt %s) could not be read: %v. Run again to settle it",
				doubtCause(j.state[m]), strings.Join(tags, ", "), pullErr)
		case resend && drained:
			outcomes[m] = Outcome{Message: fmt.Sprintf("in doubt after %s; the gateway's delivery reports have no record of smsExt %s for it; released by --resend-unknown",
				doubtCause(j.state[m]), strings.Join(tags, ", "))}
		default:
			notes[m] = fmt.Sprintf("in doubt after %s: the gateway's delivery reports pulled now have no record of it (smsExt %s); not sent again. "+
				"Reports can lag, or another reader (a delivery callback, ccsync sms status) may have taken them: check there, run again, or run with --resend-unknown to send it",
				doubtCause(j.state[m]), strings.Join(tags, ", "))
		}
	}
	for m, o := range released(j, release) {
		outcomes[m] = o
	}
	if len(outcomes) == 0 {
		return notes, nil
	}
	return notes, j.write(journalRec{Type: "outcome", Time: time.Now(), Results: outcomes, Note: "reconciled from delivery reports"})
}

// makeBatches cuts the recipients to send into batches of at most
// BatchSize, in row order. Recipients with their own variables share a
// batch: the gateway sender sends such a batch as one send_file, whose
// lines carry each number's variables (§4.8).
func makeBatches(todo []int, opts SendOptions) [][]int {
	var out [][]int
	for len(todo) > 0 {
		n := min(opts.BatchSize, len(todo))
		out = append(out, todo[:n])
		todo = todo[n:]
	}
	return out
}

// countIn counts the numbers of batches.
func countIn(batches [][]int) int {
	n := 0
	for _, b := range batches {
		n += len(b)
	}
	return n
}

func markRest(results []SendResult, batches [][]int, outcome, msg string) {
	for _, b := range batches {
		for _, i := range b {
			results[i].Outcome, results[i].Message = outcome, msg
		}
	}
}

// SendFailures counts results that need attention (failed or unknown).
func SendFailures(rs []SendResult) int {
	n := 0
	for _, r := range rs {
		if r.Outcome == SendFailed || r.Outcome == SendUnknown {
			n++
		}
	}
	return n
}

// sendReportColumns are the send report's own columns, around the
// variables'.
var sendReportColumns = []string{"row", "mobile", "outcome", "message", "sms_id"}

// WriteSendReport writes a send report: a Result sheet with every
// recipient row, its variables, outcome, message and SMS id. A variable
// named like one of the report's own columns (${message}, or ${mobile}
// with the number column headed "phone") is headed as the template writes
// it, ${message}: the sheet had two columns "message", and the variable's
// values could be read as the outcome's message.
func WriteSendReport(path string, params []string, results []SendResult) error {
	header := []string{"row", "mobile"}
	for _, p := range params {
		if slices.ContainsFunc(sendReportColumns, func(c string) bool { return normHeader(c) == normHeader(p) }) {
			p = "${" + p + "}"
		}
		header = append(header, p)
	}
	header = append(header, "outcome", "message", "sms_id")
	rows := make([][]any, 0, len(results))
	for _, r := range results {
		row := []any{r.Row, r.Mobile}
		for i := range params {
			if i < len(r.Params) {
				row = append(row, r.Params[i])
			} else {
				row = append(row, "")
			}
		}
		rows = append(rows, append(row, r.Outcome, r.Message, r.SMSID))
	}
	return writeTable(path, "Result", header, rows)
}

// keysOf is what the journal's digest identifies a row's values by: their
// Keys (by meaning), or the values where the list has none (built by a
// caller, not read from a sheet).
func keysOf(r RecipientRow) []string {
	if len(r.Keys) == len(r.Params) {
		return r.Keys
	}
	return r.Params
}
