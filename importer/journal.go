package importer

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
)

// The send journal is an append-only file of JSON lines, fsynced after every
// record, that makes `sms send` safe to interrupt and run again:
//
//	{"type":"run",...}      once per run: template, channel, the run's tag
//	{"type":"intent",...}   before a batch is sent: its numbers and tag
//	{"type":"outcome",...}  after the answer: each number sent or not
//	{"type":"lost",...}     after a send whose answer was lost: its numbers,
//	                        why (cause) and the error; they stay in doubt
//	{"type":"pull",...}     before a pull of delivery reports off the queue
//	{"type":"reports",...}  the reports that pull took (none, or it failed
//	                        before it reached the platform)
//	{"type":"notsent",...}  numbers a run did not send, after a batch was
//	                        refused with an error every batch would get
//	                        (the error; note says which batch); it settles
//	                        nothing: the next run sends them
//
// A number is settled when an outcome says so. A number with an intent but
// no outcome is in doubt: the process stopped between sending and recording
// the answer, or the answer was lost. On the next run it is reconciled (see
// Send). The tag is sent with the batch (the gateway's smsExt) and comes
// back in the platform's delivery reports, which is how a number in doubt
// is found to have been sent. Pulled reports are written before they are
// used: the queue hands each out once, and a report of this journal's
// numbers must not be lost to a crash.
type journalRec struct {
	Type     string             `json:"type"`
	Time     time.Time          `json:"time"`
	Template string             `json:"template,omitempty"`
	Via      string             `json:"via,omitempty"`
	Batch    string             `json:"batch,omitempty"`
	Mobiles  []string           `json:"mobiles,omitempty"`
	Results  map[string]Outcome `json:"results,omitempty"`
	// Content is, by number, the digest of the values it is sent with
	// (intent and outcome records; see contentDigest). Journals written
	// before it was recorded have none: their numbers count as sent with
	// any values.
	Content map[string]string `json:"content,omitempty"`
	// Shown is, by number, the digest of the values as sent, as the sheet
	// shows them (intent records): what the platform's send records hold,
	// which settle a batch in doubt. It differs from Content where a
	// value is a date or a formatted number. Journals written before it
	// was recorded settle by Content.
	Shown map[string]string `json:"shown,omitempty"`
	Error string            `json:"error,omitempty"`
	// Tag is the run's send tag (run and intent records).
	Tag     string   `json:"tag,omitempty"`
	Reports []Report `json:"reports,omitempty"`
	// Note explains outcomes not answered by a send (reconciliation).
	Note string `json:"note,omitempty"`
	// Cause is why a "lost" record's numbers are in doubt (lostCause).
	Cause string `json:"cause,omitempty"`
}

// numberState is what the journal knows of one number.
type numberState struct {
	// status: "sent", "failed" (definitely not sent; may be tried again),
	// "doubt" (intent without outcome).
	status  string
	message string
	smsID   string
	since   time.Time // intent time, for doubt
	// content is the digest of the values of the number's last intent or
	// outcome ("" in a journal that did not record it); at is when the
	// outcome was recorded.
	content string
	at      time.Time
	// shown is the digest of the values as sent of the last intent (see
	// journalRec.Shown; "" when not recorded).
	shown string
	// tags are the send tags of every intent of the number not yet
	// settled as sent: a report of any of them shows it was sent.
	tags []string
	// cause and reason say why a number in doubt is (a "lost" record after
	// its intent): cause is one of lostCause's, reason the error. Both are
	// "" when the run stopped before it recorded anything (killed), or
	// wrote its journal before "lost" records.
	cause, reason string
}

type journal struct {
	path string
	f    *os.File
	// unlocked is why the journal, opened to append, holds no lock (its
	// file system takes none), nil when it holds one.
	unlocked error
	w        *bufio.Writer
	state    map[string]*numberState
	// reported holds the delivery reports pulled so far, by reportKey.
	reported map[string]Report
	// tags are the send tags of every intent in the journal: a report of
	// another tag is of another send.
	tags map[string]bool
	// openPull is the time of a pull of delivery reports with no reports
	// record after it yet (zero when none): the pull under way, or one
	// whose answer was lost or whose run was killed. lostPulls are the
	// times of earlier ones, followed by another pull: the reports they
	// took off the queue are lost.
	openPull  time.Time
	lostPulls []time.Time
}

// reportsMayBeLost returns the time of a pull of ccsync's own that may
// have taken delivery reports it never recorded, since the number went in
// doubt at since (zero when none did): its report may be lost.
func (j *journal) reportsMayBeLost(since time.Time) time.Time {
	for _, t := range append(slices.Clip(j.lostPulls), j.openPull) {
		if !t.IsZero() && !t.Before(since) {
			return t
		}
	}
	return time.Time{}
}

func reportKey(tag, mobile string) string { return tag + "\x00" + mobile }

// JournalInUseError is Send's error when another run holds the journal's
// lock: two runs on one journal would both send to every number neither
// had recorded yet. The run that found it sent nothing.
type JournalInUseError struct{ Path string }

func (e *JournalInUseError) Error() string {
	return fmt.Sprintf("another ccsync run is using the journal %s (it holds the journal's lock, until it ends); "+
		"wait for it to finish, then run again: this run sent nothing", e.Path)
}

// JournalLink refuses a journal that is a symbolic link: the run appended
// its records to the file the link pointed at, anywhere (a link planted
// beside a workbook in a shared folder, under the default journal's name,
// had a send write into a file of its maker's choosing). It returns nil
// for a journal that is a file or does not exist yet.
func JournalLink(path string) error {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return nil
	}
	to, _ := os.Readlink(path)
	return fmt.Errorf("the journal %s is a symbolic link (to %s): a send would write its records where it points; "+
		"remove the link, or name the file it points to with --journal (nothing was sent)", path, to)
}

// lockWait is how long a journal's lock is waited for before the run is
// refused: a process being started (fork, then exec) holds a copy of every
// open file for a moment, and with it the lock of a journal another run of
// the same process (a test, a program calling Send twice) just closed.
// Since a run releases its lock before it closes the journal
// (unlockAndClose), that copy holds no lock; the wait stays for a program
// that closes the file some other way. Another ccsync run holds it for its
// whole run.
const lockWait = 250 * time.Millisecond

// lockFile takes a file's lock; a test replaces it.
var lockFile = filelock.Lock

// lockJournal takes the journal's lock, waiting up to lockWait.
func lockJournal(f *os.File) error {
	deadline := time.Now().Add(lockWait)
	for {
		err := lockFile(f)
		if !errors.Is(err, filelock.ErrLocked) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// openJournal reads an existing journal (or none) and, unless readOnly,
// opens it for appending. A journal written for another template or
// channel is refused: its numbers would be skipped wrongly.
//
// A journal opened for appending is locked first (an OS advisory lock,
// exclusive, released when it is closed or the process ends): a second
// run on it gets a *JournalInUseError before it reads it, not a copy of
// the numbers the first has yet to record, which it would send again. A
// read-only open (a dry run) takes no lock and creates no file.
func openJournal(path, template, via string, readOnly bool) (j *journal, err error) {
	j = &journal{path: path, state: map[string]*numberState{}, reported: map[string]Report{}, tags: map[string]bool{}}
	if !readOnly {
		if err := JournalLink(path); err != nil {
			return nil, err
		}
		// O_NOFOLLOW: a link made since the check is not followed either.
		if j.f, err = os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|oNoFollow, 0o600); err != nil {
			return nil, err
		}
		switch err := lockJournal(j.f); {
		case errors.Is(err, filelock.ErrNoLocks):
			j.unlocked = err // the run goes on, and is told (SendOptions.NotLocked)
		case err != nil:
			_ = j.f.Close() // nothing written
			if errors.Is(err, filelock.ErrLocked) {
				return nil, &JournalInUseError{Path: path}
			}
			return nil, fmt.Errorf("lock journal %s: %w", path, err)
		}
		locked := j.f
		defer func() {
			if err != nil {
				_ = unlockAndClose(locked) // nothing written
			}
		}()
	}
	f, err := os.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var r journalRec
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				// A torn line (power cut mid-write) is ignored: a torn
				// intent was never fsynced, so its batch was never sent;
				// a torn outcome leaves its intact intent in doubt, which
				// the next run reconciles. Either way nothing is lost.
				continue
			}
			if err := j.apply(r, template, via); err != nil {
				_ = f.Close() // read-only: nothing to flush; the apply error is the one to report
				return nil, err
			}
		}
		// Read-only handle: a close error loses nothing; the scan error matters.
		_ = f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("read journal %s: %w", path, err)
		}
	}
	if readOnly {
		return j, nil
	}
	j.w = bufio.NewWriter(j.f)
	// After a torn last line, start on a fresh line so the next record
	// stays readable.
	if st, serr := j.f.Stat(); serr == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, rerr := j.f.ReadAt(last, st.Size()-1); rerr == nil && last[0] != '\n' {
			if _, err = j.f.Write([]byte{'\n'}); err != nil {
				return nil, err
			}
		}
	}
	return j, nil
}

func (j *journal) apply(r journalRec, template, via string) error {
	switch r.Type {
	case "run":
		if r.Template != template || r.Via != via {
			return fmt.Errorf("journal %s belongs to template %s via %s, not template %s via %s; use another --journal", j.path, r.Template, r.Via, template, via)
		}
	case "intent":
		if r.Tag != "" {
			j.tags[r.Tag] = true
		}
		for _, m := range r.Mobiles {
			st := j.state[m]
			c := r.Content[m]
			if st == nil || st.status != "sent" || !sameContent(st.content, c) {
				ns := &numberState{status: "doubt", since: r.Time, content: c, shown: r.Shown[m]}
				if st != nil && st.status != "sent" {
					ns.tags = st.tags
				}
				if r.Tag != "" {
					ns.tags = append(slices.Clip(ns.tags), r.Tag)
				}
				j.state[m] = ns
			}
		}
	case "outcome":
		for m, o := range r.Results {
			st := j.state[m]
			c := r.Content[m]
			if c == "" && st != nil {
				c = st.content // a reconciliation settles the intent in doubt
			}
			if st != nil && st.status == "sent" && sameContent(st.content, c) {
				continue // once sent, always sent
			}
			ns := &numberState{status: "failed", message: o.Message, smsID: o.SMSID, content: c, at: r.Time}
			if st != nil && st.status != "sent" {
				ns.tags = st.tags
			}
			if o.Sent {
				ns.status = "sent"
			}
			if r.Note != "" && ns.message == "" {
				ns.message = r.Note
			}
			j.state[m] = ns
		}
	case "lost":
		for _, m := range r.Mobiles {
			if st := j.state[m]; st != nil && st.status == "doubt" {
				st.cause, st.reason = r.Cause, r.Error
			}
		}
	case "notsent":
		// Nothing went out for these numbers: their state stays what it
		// was (none, or failed), and the next run sends them.
	case "pull":
		if !j.openPull.IsZero() {
			j.lostPulls = append(j.lostPulls, j.openPull)
		}
		j.openPull = r.Time
	case "reports":
		j.openPull = time.Time{}
		for _, rep := range r.Reports {
			j.reported[reportKey(rep.Tag, rep.Mobile)] = rep
		}
	}
	return nil
}

// contentDigest identifies the values one number is sent: the template's
// variables by name with their values, in name order. The journal keeps it
// with each number, so the same file with other values (next week's list)
// is sent again, while a row sent before with the same values is not.
func contentDigest(names, values []string) string {
	pairs := make([]string, len(values))
	for i, v := range values {
		name := strconv.Itoa(i)
		if i < len(names) {
			name = names[i]
		}
		pairs[i] = name + "\x00" + v
	}
	slices.Sort(pairs)
	h := sha256.New()
	for _, p := range pairs {
		h.Write([]byte(p))
		h.Write([]byte{0xff})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// sameContent tells whether two digests name the same values. A journal
// written before digests were recorded has "": its numbers count as sent
// whatever the values, as they did when it was written.
func sameContent(a, b string) bool { return a == "" || b == "" || a == b }

// reportOf returns a pulled report showing that a number in doubt was
// sent: one of a tag it was sent with.
func (j *journal) reportOf(mobile string) (Report, bool) {
	st := j.state[mobile]
	if st == nil {
		return Report{}, false
	}
	for _, tag := range st.tags {
		if rep, ok := j.reported[reportKey(tag, mobile)]; ok {
			return rep, true
		}
	}
	return Report{}, false
}

// write appends one record and fsyncs the file before returning, so a
// record the caller has seen written survives a crash.
func (j *journal) write(r journalRec) error {
	if j.f == nil {
		return nil
	}
	r.Time = r.Time.UTC()
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if _, err := j.w.Write(append(b, '\n')); err != nil {
		return err
	}
	if err := j.w.Flush(); err != nil {
		return err
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("fsync journal %s: %w", j.path, err)
	}
	if r.Type == "run" {
		return nil
	}
	return j.apply(r, "", "")
}

func (j *journal) close() error {
	if j.f == nil {
		return nil
	}
	return unlockAndClose(j.f)
}

// unlockAndClose releases a locked journal's lock, then closes it:
// closing alone leaves it locked while a process being started holds a
// copy of the file (filelock.Unlock), and the next Send of this process
// was refused as if another run held it.
func unlockAndClose(f *os.File) error {
	uerr := filelock.Unlock(f)
	return errors.Join(f.Close(), uerr)
}
