package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

const smsSendUsage = `usage: ccsync sms send FILE.xlsx --template ID [--via open|gateway] [--dry-run]
                       [--report OUT.xlsx [--force]] [--journal FILE] [--resend-unknown]
                       [--output text|json]

Sends an SMS template to a recipient sheet: a mobile column plus one column
per template variable (tpl_param). Every row is checked first; repeated
numbers are sent once, with the values of their first row (a repeat whose
values differ is listed, saying which values were not sent). Batches of at most 200 go through the open interface
(type-2 batch send) or, with --via gateway, the SMS gateway.

The journal (default FILE.xlsx.send-<ID>-<via>.journal) records each batch
before and after it is sent, so a run that was interrupted can be run again:
nobody is sent twice. Numbers whose batch was cut off between sending and
recording (or whose answer was lost, or, through the gateway, whose
batch was accepted by an answer that does not list them) are settled on
the next run: through
the open interface from its send records (a record with the values the
number was to get; a number whose record shows the delivery failed, result
0 such as UNDELIV, is sent again, saying so; a number without a record is
sent once its batch is {settle} old, since a batch whose answer was lost
may still be carried out: a run before then leaves it unknown and says
when to run again); through the gateway from its
delivery reports (down_status), which carry the smsExt tag each run sends
with. Gateway numbers with no report yet stay "unknown" and are sent again
only with --resend-unknown. The queue hands each report out once: the
reports taken, also those of other sends, are kept in the journal, and the
run says how many of them were of other sends. A pull of ccsync's own whose
answer was lost, or whose run was killed, took reports nobody recorded: the
numbers in doubt then are not sent again, even with --resend-unknown (it
could send them twice); check them in the gateway's delivery records.
A journal that is a symbolic link is refused (exit 2, nothing sent): its
records would go where the link points; name that file with --journal.

One run at a time uses a journal: a run that sends locks it (an advisory
lock, which the system releases when the run ends, however it ends). A
second run on the same journal (the same --journal, or the same FILE.xlsx,
--template and --via with the default one) refuses at once, "another
ccsync run is using the journal ...; wait for it to finish", and sends
nothing (exit 1): run it again when the first is done. A --dry-run reads
the journal without locking it. On a file system that takes no locks (some
network shares), the run goes on unlocked and says so: run one at a time.

What became of each message: through the open interface (--via open), the
platform's send records, whose result moves from sent to success or failed
when the delivery receipt arrives (the contactcenter_sms_records data source
reads them; ccsync sms status does not); through the gateway, its delivery
reports and replies (ccsync sms status pull drains its down_status and
up_status queues; ccsync sms status listen receives its pushes).

Ctrl-C (or SIGTERM) stops after the current batch: that batch finishes and
its answer is recorded, no further batch is sent, and the run exits 1; run
again to send the rest. A second Ctrl-C aborts at once, leaving the batch in
flight in doubt for the next run to settle. Either way the numbers of the
batches not sent are "not sent (interrupted)" (counted apart, not failed; in
--report and --output json, outcome "not sent"), and the next run sends them.

The journal keeps the values each number was sent with: a row sent before
with the same values is "already sent"; a row whose values changed (next
week's list under the same file name) is sent. To send the same message to
the same numbers again on purpose, give another --journal. The default
journal is named after the workbook: a run that would start one while the
journal of another workbook beside it (the list saved under another name,
or another list holding some of the same numbers) records some of its
numbers as sent the same values is refused (exit 2,
nothing sent), naming that journal: give it with --journal to continue
that send, or a new --journal to send again.

Through the gateway, recipients with their own variables go out in one
send_file request per batch (send_batch when a batch shares its
variables), and every recipient's message, the template filled with the
row's values, is checked against the gateway's 400 characters first. A batch
the gateway refuses with an error every batch would get (credentials, the
template, the signature: any code but 1010, 1012 and 1013) stops the run:
the batches after it are not sent, said once (the refusal, how many, their
rows, the first five numbers), "not sent" in --report and --output json,
recorded in the journal, and sent by the run after the fix. Through the
open interface a batch refused so (the token, or the template no longer
approved or deleted since the run checked it) stops the run the same way.

--output json prints one document: every row's outcome, or {"problems":
[...]} for bad cells, or {"error": "..."} when the run cannot start. Exit
codes: 0 done, 1 some rows failed or are unknown, the run was stopped, the
platform could not be reached or failed (credentials refused, a system
error), or another run is using the journal, 2 bad input or usage (a
template that does not exist or is not approved, bad cells).
`

// journalWritable checks, before the platform is read, that a send can
// keep its journal: an existing journal opens for appending, a new one's
// folder takes a new file. In a read-only checkout (a CI job's) the run
// said only "open recipients.xlsx.send-12-open.journal: permission denied",
// a file the user had not named. It returns the message, or "".
func journalWritable(path string, given bool) string {
	what := "--journal " + path
	if !given {
		what = "the journal " + path + " (by default beside the workbook; --journal names another file)"
	}
	if err := importer.JournalLink(path); err != nil {
		return err.Error()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0) //nolint:gosec // G304: the journal the user named, or the default one beside the workbook
	switch {
	case err == nil:
		_ = f.Close() // only opened, nothing written
		return ""
	case errors.Is(err, fs.ErrNotExist):
		if msg := outputWritable("", path); msg != "" {
			return what + strings.TrimPrefix(msg, path) // the message starts with the path it checked
		}
		return ""
	}
	return fmt.Sprintf("%s cannot be written (%v): a send records each batch in it before sending it; "+
		"name a --journal file you can write to (nothing was sent)", what, err)
}

// notifySignals relays SIGINT and SIGTERM to c until the returned function
// is called. Tests replace it to deliver signals of their own.
var notifySignals = func(c chan<- os.Signal) (stop func()) {
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	return func() { signal.Stop(c) }
}

// sameStop is how soon after a first SIGTERM a second one is the same
// request to stop rather than a second interrupt: GNU timeout signals the
// command and then its process group, and CI runners that cancel a job
// signal its process group while a wrapper (a shell, make) may relay the
// signal too, so one stop arrives twice within microseconds. Aborting on it
// left the writes in flight "outcome unknown" (an SMS batch in doubt for 5
// minutes) where the user asked for the graceful stop. A second SIGTERM
// later, and any second Ctrl-C (SIGINT), still aborts.
var sameStop = time.Second

// interruptInTwoSteps: the first SIGINT or SIGTERM closes stop and calls
// first; the second cancels ctx and calls second (a SIGTERM within sameStop
// of a first SIGTERM does not count). release stops listening and waits for
// the listener to end.
func interruptInTwoSteps(first, second func()) (ctx context.Context, stop <-chan struct{}, release func()) {
	ctx, cancel := context.WithCancel(context.Background())
	stopCh := make(chan struct{})
	sigs := make(chan os.Signal, 2)
	unnotify := notifySignals(sigs)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var sig1 os.Signal
		select {
		case sig1 = <-sigs:
		case <-done:
			return
		}
		at := time.Now()
		close(stopCh)
		first()
		for {
			select {
			case sig := <-sigs:
				if sig == syscall.SIGTERM && sig1 == syscall.SIGTERM && time.Since(at) < sameStop {
					continue // the same stop, delivered twice
				}
				second()
				cancel()
				return
			case <-done:
				return
			}
		}
	}()
	return ctx, stopCh, func() {
		unnotify()
		close(done)
		wg.Wait()
		cancel()
	}
}

// syncWriter serialises writes from more than one goroutine (the signal
// listener's message and the progress lines).
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// reportsTakenLine tells where the delivery reports pulled to settle
// numbers in doubt went: the queue hands each out once, so reports of
// other sends are now only in the journal.
func reportsTakenLine(taken, others int, journal string) string {
	line := fmt.Sprintf("Took %d delivery reports off the gateway's queue (down_status) to settle numbers in doubt", taken)
	if others == 0 {
		return line + fmt.Sprintf("; they are kept in the journal %s (its \"reports\" lines).", journal)
	}
	return line + fmt.Sprintf("; %d of them are of other sends (not this journal's) and are now kept only in the journal %s (its \"reports\" lines): "+
		"the queue does not hand them out again (ccsync sms status pull will not return them).", others, journal)
}

// dryRunShown is how many rows a text dry run lists.
const dryRunShown = 20

// withValues renders a row's values: ` with name "Alice", date "2026-12-01"`.
func withValues(names, values []string) string {
	if len(values) == 0 {
		return ""
	}
	parts := make([]string, len(values))
	for i, v := range values {
		name := fmt.Sprintf("value %d", i+1)
		if i < len(names) {
			name = names[i]
		}
		parts[i] = fmt.Sprintf("%s %q", name, v)
	}
	return " with " + strings.Join(parts, ", ")
}

// batchLine tells what happened to a batch: sent, refused, in doubt (its
// answer lost) or not sent.
func batchLine(p importer.BatchProgress, via string) string {
	numbers := func(n int) string {
		if n == 1 {
			return "1 number"
		}
		return fmt.Sprintf("%d numbers", n)
	}
	switch p.Status {
	case importer.BatchSent:
		if p.Sent == p.Numbers {
			return fmt.Sprintf("batch %d/%d sent: %s", p.Batch, p.Total, numbers(p.Numbers))
		}
		line := fmt.Sprintf("batch %d/%d sent: %d of %s accepted", p.Batch, p.Total, p.Sent, numbers(p.Numbers))
		if refused := p.Numbers - p.Sent - p.Unknown; refused > 0 {
			line += fmt.Sprintf(", %d refused (listed below)", refused)
		}
		if p.Unknown > 0 {
			them := map[bool]string{true: "it", false: "them"}[p.Unknown == 1]
			line += fmt.Sprintf(", %d in doubt (the answer does not list %s, but the platform may have sent %s; %s)", p.Unknown, them, them, importer.DoubtSettledBy(via))
		}
		return line
	case importer.BatchRefused:
		return fmt.Sprintf("batch %d/%d refused, nothing sent (%s): %s", p.Batch, p.Total, numbers(p.Numbers), p.Reason)
	case importer.BatchInDoubt:
		// What happened, as it happened: a user's abort, a time-out and a
		// server error are no "answer lost".
		what := "answer lost"
		switch p.Cause {
		case importer.CauseInterrupted:
			// The reason adds only "context canceled".
			return fmt.Sprintf("batch %d/%d aborted while waiting for its answer (a second interrupt), in doubt (%s; the platform may have sent it; %s)",
				p.Batch, p.Total, numbers(p.Numbers), importer.DoubtSettledBy(via))
		case importer.CauseTimeout:
			what = "no answer in time"
		case importer.CauseServerError:
			what = "answered with a server error that does not say whether it was sent"
		}
		return fmt.Sprintf("batch %d/%d %s, in doubt (%s; the platform may have sent it; %s): %s", p.Batch, p.Total, what, numbers(p.Numbers), importer.DoubtSettledBy(via), p.Reason)
	}
	which := fmt.Sprintf("batch %d/%d", p.Batch, p.Total)
	if p.Last > p.Batch {
		which = fmt.Sprintf("batches %d-%d/%d", p.Batch, p.Last, p.Total)
	}
	return fmt.Sprintf("%s not sent (%s): %s", which, numbers(p.Numbers), p.Reason)
}

// writeSendReport writes send's report; a test replaces it to fail a write
// that workbookOutput let through (a disk that fills up during the run).
var writeSendReport = importer.WriteSendReport

// smsSendOpts are the flags of sms send.
type smsSendOpts struct {
	conn                                       *ccConn
	template, via, report, journalPath, output *string
	dryRun, resend, force                      *bool
	batch                                      *int
}

// smsSendFlags is the flag set of `ccsync sms send`, writing to out.
func smsSendFlags(out io.Writer) (*flag.FlagSet, smsSendOpts) {
	fs := flag.NewFlagSet("ccsync sms send", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), strings.ReplaceAll(smsSendUsage, "{settle}", importer.RecordsSettleText))
		fs.PrintDefaults()
	}
	conn := addConnFlags(fs)
	template := fs.String("template", "", "template id (the open interface's template `id`, or the gateway's tplId with --via gateway)")
	via := fs.String("via", "open", "channel: open (the open interface's batch send) or gateway (the SMS gateway: one file, or one batch when every recipient has the same values)")
	dryRun := fs.Bool("dry-run", false, fmt.Sprintf("check the sheet and show what would be sent (each row's number and values: the first %d rows in text, every row with --output json or --report); send nothing", dryRunShown))
	report := fs.String("report", "", "write a Result workbook with every recipient's outcome to this file (a file that exists is refused without --force)")
	force := fs.Bool("force", false, "replace the --report file if it exists")
	journalPath := fs.String("journal", "", "journal file (default FILE.xlsx.send-<ID>-<via>.journal)")
	resend := fs.Bool("resend-unknown", false, "send again to numbers an interrupted run left in doubt that the platform's send records or delivery reports do not show as sent")
	batch := fs.Int("batch-size", importer.MaxBatch, "numbers per request (at most 200)")
	output := fs.String("output", "text", "output format: text or json")
	return fs, smsSendOpts{conn: conn, template: template, via: via, report: report, journalPath: journalPath, output: output,
		dryRun: dryRun, resend: resend, force: force, batch: batch}
}

// runSMSSend is `ccsync sms send` (DESIGN §8). It is wired into the `sms`
// command's dispatcher; it registers no command of its own.
func runSMSSend(args []string, stdout, stderr io.Writer) int {
	if helpAsFile(args) {
		fs, _ := smsSendFlags(stdout)
		fs.Usage()
		return exitOK
	}
	fs, o := smsSendFlags(stderr)
	conn, template, via, dryRun, report, journalPath, resend, batch, output := o.conn, o.template, o.via, o.dryRun, o.report, o.journalPath, o.resend, o.batch, o.output
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		return parseFailed(stdout, args, err)
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(stderr, "ccsync sms send: --output must be text or json, not %q\n", *output)
		return exitUsage
	}
	const name = "ccsync sms send"
	// With --output json, a run that cannot start still prints
	// {"error": "..."} on stdout.
	fail := func(code int, err error) int { return failure(stdout, stderr, *output, name, code, err) }
	switch {
	case len(pos) != 1:
		return fail(exitUsage, fmt.Errorf("want exactly one FILE.xlsx, got %d arguments", len(pos)))
	case *template == "":
		return fail(exitUsage, errors.New("--template is required"))
	case *via != "open" && *via != "gateway":
		return fail(exitUsage, fmt.Errorf("--via must be open or gateway, not %q", *via))
	case *batch < 1 || *batch > importer.MaxBatch:
		return fail(exitUsage, fmt.Errorf("--batch-size must be 1 to %d, got %d", importer.MaxBatch, *batch))
	}
	// One template, one id: --template 03001 (or +3001) is template 3001,
	// as the platform reads it, and its default journal and the journal's
	// record say 3001. Kept as typed, it named a journal of its own, and
	// the numbers the 3001 journal showed sent were sent again.
	if n, err := strconv.ParseInt(*template, 10, 64); err == nil {
		*template = strconv.FormatInt(n, 10)
	}
	file := pos[0]
	if msg := inputFolder(file); msg != "" {
		return fail(exitUsage, errors.New(msg))
	}
	journalGiven := *journalPath != ""
	if !journalGiven {
		*journalPath = importer.DefaultJournal(file, *template, *via)
	}
	if msg := outputClash(file, map[string]string{"--report": *report, "--journal": *journalPath, conn.logSetting(): conn.logPath}); msg != "" {
		return fail(exitUsage, errors.New(msg))
	}
	// Found out after the send, a --report that cannot be written lost
	// the record of what was sent.
	if msg := workbookOutput("--report", *report); msg != "" {
		return fail(exitUsage, errors.New(msg))
	}
	if msg := outputExists("--report", *report, "the report", *o.force, "nothing was sent"); msg != "" {
		return fail(exitUsage, errors.New(msg))
	}
	if !*dryRun { // a dry run reads the journal, and writes nothing
		if msg := journalWritable(*journalPath, journalGiven); msg != "" {
			return fail(exitUsage, errors.New(msg))
		}
	}
	// The first Ctrl-C (or SIGTERM) lets the batch in flight finish, so its
	// answer is recorded and it is not left in doubt, and sends no more;
	// the second aborts at once.
	bar := barTerminal(stderr) // before the wrapping hides the terminal
	stderr = &syncWriter{w: stderr}
	ctx, stopSending, release := interruptInTwoSteps(func() {
		fmt.Fprintln(stderr, "ccsync sms send: interrupted: stopping after the current batch (its answer is recorded in the journal); interrupt again to abort at once, leaving that batch in doubt")
	}, func() {
		fmt.Fprintln(stderr, "ccsync sms send: interrupted again: aborting the batch in flight, whose numbers are left in doubt")
	})
	defer release()

	conn.notices = stderr
	conn.gatewayOnly = *via == "gateway"
	be, err := newBackend(conn)
	if err != nil {
		return fail(exitUsage, err)
	}
	sender := be.Open
	if *via == "gateway" {
		sender = be.Gateway
	}
	if sender == nil {
		return fail(exitUsage, fmt.Errorf("no %s sender is configured", *via))
	}
	params, err := sender.TemplateParams(ctx, *template)
	if err != nil {
		if errors.Is(err, client.ErrGatewayCredentials) {
			return fail(exitUsage, fmt.Errorf("--via gateway: %w", err)) // not the template's fault
		}
		if platformFailed(err) {
			// The platform, not the input, failed: exit 1, as agents and
			// export terraform do, and not said as the template's fault.
			return fail(exitFailures, fmt.Errorf("read template %s: %w", *template, err))
		}
		return fail(exitUsage, fmt.Errorf("--template %s: %w", *template, err))
	}
	// The first interrupt stops the reading (nothing was sent yet): a big
	// or oddly made workbook can take minutes to read, and Ctrl-C did
	// nothing until it was read. An interrupt is said as what happened.
	readCtx, stopReading := context.WithCancel(ctx)
	go func() {
		select {
		case <-stopSending:
			stopReading()
		case <-readCtx.Done():
		}
	}()
	list, probs, err := importer.ReadRecipientsContext(readCtx, file, params, *via)
	stopReading()
	if err != nil {
		return fail(exitUsage, err)
	}
	badInput := func(probs importer.Problems) int {
		if *output == "json" {
			_ = emit(stdout, "json", map[string]any{"problems": problemStrings(probs)}, "")
		}
		printProblems(stderr, "ccsync sms send", probs)
		return exitUsage
	}
	if len(probs) > 0 {
		return badInput(probs)
	}
	// A new default journal while the journal of another workbook beside
	// this one records its numbers as sent with these values: the list
	// was saved under another name, and would be sent again.
	if !journalGiven {
		if _, err := os.Lstat(*journalPath); errors.Is(err, os.ErrNotExist) {
			if others := importer.OtherJournals(list, *template, *via, *journalPath); len(others) > 0 {
				return fail(exitUsage, errors.New(importer.OtherJournalsMessage(others, *journalPath)))
			}
		}
	}

	var taken, takenOthers int
	results, sendErr := importer.Send(ctx, sender, list, importer.SendOptions{
		TemplateID: *template, Via: *via, BatchSize: *batch, DryRun: *dryRun,
		Journal: *journalPath, ResendUnknown: *resend, Stop: stopSending,
		ReportsTaken: func(n, others int) { taken, takenOthers = n, others },
		NotLocked: func(journal string, err error) {
			fmt.Fprintf(stderr, "ccsync sms send: warning: the journal %s is not locked (%v): a second run on it at the same time is not refused, "+
				"and would send to the numbers neither has recorded yet: run one at a time\n", journal, err)
		},
		Progress: func(p importer.BatchProgress) {
			if bar && p.Status == importer.BatchSent && p.Sent == p.Numbers {
				progressBar(stderr, p.Batch, p.Total, "batches sent")
				return
			}
			if bar {
				fmt.Fprintf(stderr, "\r%-80s\n", batchLine(p, *via))
				return
			}
			fmt.Fprintln(stderr, batchLine(p, *via))
		},
	})
	// A message too long for the gateway (checked before the first send).
	if probs := (importer.Problems)(nil); errors.As(sendErr, &probs) {
		return badInput(probs)
	}
	if results == nil && sendErr != nil {
		code := exitUsage
		// Another run holds the journal, or the platform failed (settling
		// a batch in doubt, reading the template): nothing is wrong with
		// the input; the same command may work once that is over.
		if inUse := (*importer.JournalInUseError)(nil); errors.As(sendErr, &inUse) || platformFailed(sendErr) {
			code = exitFailures
		}
		return fail(code, sendErr)
	}
	// A report that cannot be written fails the run, but what was sent is
	// still printed (in JSON with the error).
	var reportErr error
	if *report != "" {
		if reportErr = writeSendReport(*report, params, results); reportErr != nil {
			fmt.Fprintf(stderr, "ccsync sms send: write report: %v\n", reportErr)
			reportErr = fmt.Errorf("write report %s: %w", *report, reportErr)
		}
	}
	counts := map[string]int{}
	for _, r := range results {
		counts[r.Outcome]++
	}
	failed := importer.SendFailures(results)
	code := exitOK
	if failed > 0 || sendErr != nil || reportErr != nil {
		code = exitFailures
	}
	if errors.Is(sendErr, context.Canceled) {
		// Said as what happened, not "context canceled".
		settles := fmt.Sprintf("a run once it is %s old settles it", importer.RecordsSettleText)
		if *via == "gateway" {
			settles = importer.DoubtSettledBy(*via)
		}
		sendErr = fmt.Errorf("aborted by a second interrupt; a batch cut off is in doubt, and %s", settles)
	}
	sendErr = advise(sendErr)
	if *output == "json" {
		out := map[string]any{"file": file, "template": *template, "via": *via, "dry_run": *dryRun,
			"journal": *journalPath, "counts": counts, "results": orEmpty(results), "report": *report}
		if err := errors.Join(sendErr, reportErr); err != nil {
			out["error"] = err.Error()
		}
		if taken > 0 {
			out["reports_taken"] = map[string]int{"total": taken, "of_other_sends": takenOthers}
		}
		_ = emit(stdout, "json", out, "")
		return code
	}
	wouldSend := 0
	// Rows that failed (or are in doubt) for one reason, as every row of a
	// batch refused as a whole does, are one line: the reason was written
	// once per row (200 lines of one message).
	type why struct{ outcome, message string }
	rowsFor := map[why][]int{}
	// Rows an earlier run left in doubt and this one settled (the platform's
	// records or reports show them sent) are listed too: after a job that
	// was killed, the summary's "already sent" alone did not say that a
	// batch cut off was checked, and found sent, rather than sent twice.
	// So are those found sent whose delivery failed, which this run sends
	// again on purpose: the summary counted them among the sent, one more
	// than the rows left to send, without a word of why.
	settled := func(r importer.SendResult) bool {
		return (r.Outcome == importer.SendAlreadySent || r.Outcome == importer.SendSent) && strings.HasPrefix(r.Message, importer.SettledSent)
	}
	for _, r := range results {
		if r.Outcome == importer.SendFailed || r.Outcome == importer.SendUnknown || settled(r) {
			k := why{r.Outcome, r.Message}
			rowsFor[k] = append(rowsFor[k], r.Row)
		}
	}
	for _, rows := range rowsFor {
		slices.Sort(rows)
	}
	for _, r := range results {
		k := why{r.Outcome, r.Message}
		switch {
		case len(rowsFor[k]) > 1:
			if rowsFor[k][0] == r.Row {
				fmt.Fprintf(stdout, "%s rows %s (%d rows): %s: %s\n", list.Sheet, importer.RowRanges(rowsFor[k]), len(rowsFor[k]), r.Outcome, r.Message)
			}
		case r.Outcome == importer.SendFailed || r.Outcome == importer.SendUnknown || r.ValuesDiffer || settled(r):
			fmt.Fprintf(stdout, "%s row %d %s: %s: %s\n", list.Sheet, r.Row, r.Mobile, r.Outcome, r.Message)
		case r.Outcome == importer.SendDryRun:
			// What would be sent, row by row, the first dryRunShown.
			if wouldSend++; wouldSend <= dryRunShown {
				fmt.Fprintf(stdout, "%s row %d %s: %s%s\n", list.Sheet, r.Row, r.Mobile, r.Message, withValues(list.Params, r.Params))
			}
		}
	}
	if wouldSend > dryRunShown {
		fmt.Fprintf(stdout, "…and %d more rows would be sent (--output json or --report lists every row)\n", wouldSend-dryRunShown)
	}
	if taken > 0 {
		fmt.Fprintln(stdout, reportsTakenLine(taken, takenOthers, *journalPath))
	}
	verb := "Send"
	if *dryRun {
		verb = "Dry run"
	}
	// The numbers an interruption kept from being sent are one count, not
	// a line each: they are no failures, and the next run sends them.
	notSent := ""
	refusedAll := (*importer.RefusedAllError)(nil)
	stoppedByRefusal := errors.As(sendErr, &refusedAll)
	if n := counts[importer.SendNotSent]; n > 0 {
		notSent = fmt.Sprintf(", %d not sent (interrupted)", n)
		if stoppedByRefusal {
			notSent = fmt.Sprintf(", %d not sent (stopped by batch %d's refusal)", n, refusedAll.Batch)
		}
	}
	// Numbers found sent whose delivery report says not received count as
	// already sent (they are not sent again), and the summary says so: "24
	// already sent, 0 failed" read as if everyone had the message.
	notReceived := 0
	for _, r := range results {
		if r.Outcome == importer.SendAlreadySent && strings.Contains(r.Message, importer.NotReceived) {
			notReceived++
		}
	}
	already := ""
	if notReceived > 0 {
		already = fmt.Sprintf(" (%d of them not received, by the gateway's delivery reports: see their rows above)", notReceived)
	}
	fmt.Fprintf(stdout, "%s: %s, %s; %d sent, %d already sent%s, %s, %d failed, %d unknown, %d would send%s.\n",
		verb, count(len(list.Rows), "row", "rows"), count(list.Unique(), "unique number", "unique numbers"), counts[importer.SendSent], counts[importer.SendAlreadySent], already,
		count(counts[importer.SendDuplicate], "duplicate", "duplicates"), counts[importer.SendFailed], counts[importer.SendUnknown], counts[importer.SendDryRun], notSent)
	if stoppedByRefusal {
		fmt.Fprintf(stdout, "Stopped: %v. Fix what the refusal says, then run again: the journal %s sends only those not sent yet.\n", sendErr, *journalPath)
	} else if sendErr != nil {
		fmt.Fprintf(stdout, "Stopped: %v. Run again to continue; the journal %s prevents double sends.\n", sendErr, *journalPath)
	} else if counts[importer.SendFailed] > 0 {
		fmt.Fprintf(stdout, "The failed rows were not sent: fix what their message says and run again; the journal %s sends only those not sent yet.\n", *journalPath)
	}
	switch {
	case reportErr != nil:
		fmt.Fprintf(stdout, "Report not written: %v\n", reportErr)
	case *report != "":
		fmt.Fprintln(stdout, reportLine(*report, code != exitOK))
	}
	return code
}
