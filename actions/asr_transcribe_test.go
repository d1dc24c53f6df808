package actions_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

func countContaining(msgs []string, sub string) int {
	n := 0
	for _, m := range msgs {
		if strings.Contains(m, sub) {
			n++
		}
	}
	return n
}

func TestASRTranscribeAction_success(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	env.Sim.SetASRDuration(time.Millisecond)
	out := filepath.Join(t.TempDir(), "transcript.json")
	res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{
		"speech_file_url": "https://files.example.com/call-17.wav",
		"output_file":     out,
	})
	if res.HasError() || !res.Completed {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	if countContaining(res.Progress, "started") != 1 || countContaining(res.Progress, "finished: 6 sentence(s)") != 1 ||
		countContaining(res.Progress, "Transcript written to "+out) != 1 {
		t.Errorf("progress: %q", res.Progress)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		TaskID    string `json:"task_id"`
		Status    int64  `json:"status"`
		Sentences []struct {
			Index        int64  `json:"index"`
			ChannelID    int64  `json:"channel_id"`
			Content      string `json:"content"`
			BeginTimeMS  int64  `json:"begin_time_ms"`
			EndTimeMS    int64  `json:"end_time_ms"`
			EmotionValue int64  `json:"emotion_value"`
			SpeechRate   int64  `json:"speech_rate_cpm"`
		} `json:"sentences"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("output_file is not JSON: %v\n%s", err, b)
	}
	if got.TaskID == "" || got.Status != 30 || len(got.Sentences) != 6 {
		t.Fatalf("transcript: %+v", got)
	}
	s := got.Sentences[1]
	if s.Index != 2 || s.ChannelID != 1 || s.Content != "你好，我想查询一下我上个月的账单。" || s.EndTimeMS <= s.BeginTimeMS || s.EmotionValue < 1 || s.SpeechRate <= 0 {
		t.Errorf("second sentence: %+v", s)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("output_file mode: %v %v", fi.Mode(), err)
	}
}

func TestASRTranscribeAction_polling(t *testing.T) {
	t.Parallel()
	// On the bubble's clock (see _timeout): queries at 0, 0.25s and 0.75s
	// answer "in progress", the one at 1.75s the text (done at 1.5s).
	synctest.Test(t, func(t *testing.T) {
		env := acctest.NewInMemory(t, nil)
		env.Sim.SetASRDuration(1500 * time.Millisecond)
		res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42"})
		if res.HasError() || !res.Completed {
			t.Fatalf("phase %s: %s", res.Phase, res.Text())
		}
		if n := countContaining(res.Progress, "still converting"); n < 2 {
			t.Errorf("want several in-progress reports, got %d: %q", n, res.Progress)
		}
		queries := 0
		for k, v := range env.Sim.Stats() {
			if strings.HasPrefix(k, "GET /portal/v3/api/asr/queryText/") {
				queries += v
			}
		}
		if queries < 3 {
			t.Errorf("want at least 3 queryText calls (2 in progress + the text), got %d", queries)
		}
		if n := countContaining(res.Progress, "still converting"); n != 3 || queries != 4 {
			t.Errorf("want exactly 3 in-progress reports and 4 queries (at 0, 0.25s, 0.75s, 1.75s), got %d and %d: %q", n, queries, res.Progress)
		}
		if countContaining(res.Progress, "finished: 6 sentence(s)") != 1 {
			t.Errorf("progress: %q", res.Progress)
		}
	})
}

func TestASRTranscribeAction_timeout(t *testing.T) {
	t.Parallel()
	// In a synctest bubble, on the simulator in process: the wait's timers
	// run on the bubble's clock, which moves only when every goroutine of
	// the test waits, so a starved machine cannot make a query late (a
	// query answered late ended the wait at the limit instead, with "had
	// not finished after 3.4s", 6 runs in 20 under nice 19 and 8 busy
	// loops). The schedule is the user's: queries at 0, 0.25s, 0.75s and
	// 1.75s; the next, 2s later, would pass the 3.4s limit, so the wait
	// ends at 1.75s and says so.
	synctest.Test(t, func(t *testing.T) {
		env := acctest.NewInMemory(t, nil)
		env.Sim.SetASRDuration(time.Hour)
		start := time.Now()
		res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{
			"speech_file_url": "https://files.example.com/long.wav",
			"timeouts":        map[string]any{"invoke": "3.4s"},
		})
		if !res.HasError() || !strings.Contains(res.Text(), "Speech Recognition Timed Out") || !strings.Contains(res.Text(), "contactcenter_asr_transcript") {
			t.Fatalf("want a timeout error naming the data source, got phase %s: %s", res.Phase, res.Text())
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("the action waited %s for a 3.4s timeout", d)
		}
		if !strings.Contains(res.Text(), "had not finished after ") || !strings.Contains(res.Text(), "would have come after the 3.4s limit (timeouts.invoke), so the wait ended then") {
			t.Errorf("want the wait's end explained, got: %s", res.Text())
		}
		if countContaining(res.Progress, "still converting") < 1 {
			t.Errorf("progress: %q", res.Progress)
		}
		// On the bubble's clock the schedule is exact: four queries, the
		// last at 1.75s, where the wait ended.
		if n, d := countContaining(res.Progress, "still converting"), time.Since(start); n != 4 || d != 1750*time.Millisecond {
			t.Errorf("want 4 queries (at 0, 0.25s, 0.75s, 1.75s) and the wait ended at 1.75s, got %d queries, %s: %q", n, d, res.Progress)
		}
	})
}

func TestASRTranscribeAction_callback(t *testing.T) {
	t.Parallel()
	// In a synctest bubble, on the simulator in process, its callback too
	// (Options.HTTPClient answers it with the receiver's handler, no
	// listener): the conversion's timer, the action's polls and the 5 s the
	// test waits for the callback are on the bubble's clock, which moves
	// only when every goroutine of the test waits, so a callback the
	// simulator sends is never late on a loaded machine, and one it never
	// sends still ends the wait at 5 s.
	synctest.Test(t, func(t *testing.T) {
		const cbURL = "http://callbacks.example.com/asr/done"
		type callback struct {
			url  string
			body map[string]any
		}
		got := make(chan callback, 1)
		receiver := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			var m map[string]any
			_ = json.Unmarshal(b, &m)
			got <- callback{"http://" + r.Host + r.URL.RequestURI(), m}
		})
		env := acctest.NewInMemory(t, nil, func(o *simulator.Options) {
			o.HTTPClient = &http.Client{Transport: serveIn{receiver}}
		})
		env.Sim.SetASRDuration(time.Millisecond)
		res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{
			"speech_file_url": "https://files.example.com/cb.wav", "enable_callback": true, "callback_url": cbURL,
		})
		if res.HasError() {
			t.Fatal(res.Text())
		}
		select {
		case cb := <-got:
			if m := cb.body; cb.url != cbURL || m["fileUrl"] != "https://files.example.com/cb.wav" || m["taskId"] == "" || len(m["fileTxt"].([]any)) != 6 {
				t.Errorf("callback to %s, body: %v", cb.url, m)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no callback")
		}
	})
}

// serveIn is an http.RoundTripper that answers each request with h, in
// process: a synctest bubble's pushes from the simulator.
type serveIn struct{ h http.Handler }

func (s serveIn) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	sreq := httptest.NewRequestWithContext(req.Context(), req.Method, req.URL.RequestURI(), bytes.NewReader(body))
	sreq.Host, sreq.Header = req.URL.Host, req.Header.Clone()
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, sreq)
	resp := rec.Result()
	resp.Request = req
	return resp, nil
}

func TestASRTranscribeAction_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct {
		cfg  map[string]any
		want string
	}{
		"neither source":          {map[string]any{}, "speech_file_url"},
		"both sources":            {map[string]any{"speech_file_url": "https://x/a.wav", "call_id": "c1"}, "speech_file_url"},
		"callback without url":    {map[string]any{"call_id": "c1", "enable_callback": true}, "callback_url is required when enable_callback is true"},
		"bad timeout":             {map[string]any{"call_id": "c1", "timeouts": map[string]any{"invoke": "soon"}}, `Invalid Timeout: timeouts.invoke must be a duration: a number with a unit, h, m or s (such as "90s", "30m" or "1h30m"), got "soon".`},
		"negative timeout":        {map[string]any{"call_id": "c1", "timeouts": map[string]any{"invoke": "-5s"}}, `timeouts.invoke must be a positive duration, such as "90s" or "30m", got "-5s"`},
		"empty speech_file_url":   {map[string]any{"speech_file_url": ""}, "at least 1"},
		"empty output_file given": {map[string]any{"call_id": "c1", "output_file": ""}, "at least 1"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_asr_transcribe", tc.cfg)
			if !res.HasError() || res.Phase != "validate" || !strings.Contains(res.Text(), tc.want) {
				t.Errorf("want a validate error mentioning %q, got phase %s: %s", tc.want, res.Phase, res.Text())
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("validation reached the API: %v", env.Sim.Stats())
	}
}

// TestAccASRTranscribeAction_cli drives the action through Terraform itself
// (actions need Terraform 1.14; older versions skip).
func TestAccASRTranscribeAction_cli(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	env.Sim.SetASRDuration(time.Millisecond)
	out := filepath.Join(t.TempDir(), "t.json")
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
action "contactcenter_asr_transcribe" "call" {
  config {
    speech_file_url = "https://files.example.com/cli.wav"
    output_file     = %q
  }
}

resource "terraform_data" "trigger" {
  input = "transcribe"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_asr_transcribe.call]
    }
  }
}
`, out)),
			Check: func(*terraform.State) error {
				b, err := os.ReadFile(out)
				if err != nil {
					return fmt.Errorf("the action did not write output_file: %w", err)
				}
				if !strings.Contains(string(b), `"sentences"`) {
					return fmt.Errorf("output_file: %s", b)
				}
				return nil
			},
		}},
	})
}

// TestASRTranscribeAction_outputFolderMissing: the transcript is written
// after the recognition; an output_file in a folder that does not exist
// failed only then, after the task had run. It now fails before the task
// starts.
func TestASRTranscribeAction_outputFolderMissing(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	out := filepath.Join(t.TempDir(), "no-such-folder", "t.json")
	res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": out})
	if !strings.Contains(res.Text(), "Invalid Output File: output_file \""+out+"\": its folder") || !strings.Contains(res.Text(), "Nothing was started.") {
		t.Errorf("diagnostics: %s", res.Text())
	}
	noASRTask(t, env)
}

// TestASRTranscribeAction_lostStart: speechRecognition created a task but
// its answer was lost; the error read "Unable to Start Speech Recognition
// … HTTP 504 … retrying later may succeed", and running again starts a
// second task (and callback). It now warns of that and says how to check.
func TestASRTranscribeAction_lostStart(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/portal/v3/api/asr/speechRecognition","lost":true,"count":1}]}`)
	res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "enable_callback": true, "callback_url": "http://127.0.0.1:1/cb"})
	errs := errorDiags(res)
	if len(errs) != 1 || errs[0].Summary != "Speech Recognition Outcome Unknown" {
		t.Fatalf("diagnostics:\n%s", res.Text())
	}
	for _, want := range []string{"HTTP 504", "may have created a recognition task, and its callback to callback_url may follow",
		"Running the action again starts another task (and another callback)", "contactcenter_asr_transcript", "portal"} {
		if !strings.Contains(errs[0].Detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, errs[0].Detail)
		}
	}
	if strings.Contains(errs[0].Detail, "retrying later may succeed") || strings.Contains(errs[0].Detail, "terraform apply -invoke") {
		t.Errorf("running again is not safe here:\n%s", errs[0].Detail)
	}
	if n := env.Sim.Stats()["POST /portal/v3/api/asr/speechRecognition"]; n != 1 {
		t.Errorf("speechRecognition called %d times: a create is never re-sent", n)
	}
}

// TestASRTranscribeAction_pollFails: one queryText answered code 500
// (system error) ended the wait with "Unable to Read Speech Recognition
// Result" after one query, though the task ran on. Transient failures are
// now polled again until timeouts.invoke runs out; when it does, the error
// gives the last failure and the transcript data source to read it later.
// An HTTP 429 that outlasts the client's retries is such a failure.
func TestASRTranscribeAction_pollFails(t *testing.T) {
	t.Parallel()
	// In a synctest bubble, on the simulator in process: see _timeout.
	synctest.Test(t, func(t *testing.T) {
		var failing atomic.Int64 // queryText answers left to fail; -1 fails all
		var code atomic.Value
		env := acctest.NewInMemory(t, func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(r.URL.Path, "/portal/v3/api/asr/queryText/") && failing.Load() != 0 {
					failing.Add(-1)
					if code.Load() == "HTTP 429" {
						w.WriteHeader(http.StatusTooManyRequests)
						return
					}
					w.Header().Set("Content-Type", "application/json")
					_, _ = fmt.Fprintf(w, `{"code":%q,"success":false,"errorMsg":"failure %s"}`, code.Load(), code.Load())
					return
				}
				h.ServeHTTP(w, r)
			})
		})
		env.Sim.SetASRDuration(time.Millisecond)
		srv := env.ActionServerWith(t, map[string]any{"max_retries": 0})
		code.Store("500")
		failing.Store(2)
		res := acctest.RunAction(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42"})
		if res.HasError() || countContaining(res.Progress, "finished: 6 sentence(s)") != 1 || countContaining(res.Progress, "failed (") != 2 {
			t.Errorf("two failed polls, then the text: %s\nprogress %q", res.Text(), res.Progress)
		}
		// A rate limit that outlasts the client's retries is asked again too.
		code.Store("HTTP 429")
		failing.Store(2)
		res = acctest.RunAction(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42"})
		if res.HasError() || countContaining(res.Progress, "finished: 6 sentence(s)") != 1 || countContaining(res.Progress, "HTTP 429 Too Many Requests); asking again") != 2 {
			t.Errorf("two polls refused with HTTP 429, then the text: %s\nprogress %q", res.Text(), res.Progress)
		}
		code.Store("500")

		// Failed queries at 0, 0.25s, 0.75s and 1.75s, then the wait ends (the
		// next, at 3.75s, would pass the limit), on the bubble's clock: a
		// starved machine cannot make the second query come after the limit.
		failing.Store(-1)
		res = acctest.RunAction(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "timeouts": map[string]any{"invoke": "3.4s"}})
		errs := errorDiags(res)
		if len(errs) != 1 || errs[0].Summary != "Speech Recognition Timed Out" || !strings.Contains(errs[0].Detail, "the last query failed") ||
			!strings.Contains(errs[0].Detail, "failure 500") || !strings.Contains(errs[0].Detail, `data "contactcenter_asr_transcript" { task_id = "`) {
			t.Errorf("polls failing until the timeout:\n%s", res.Text())
		}
		if countContaining(res.Progress, "failed (") < 2 {
			t.Errorf("want several polls before the timeout: %q", res.Progress)
		}

		code.Store("401")
		failing.Store(-1)
		res = acctest.RunAction(t, srv, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42"})
		errs = errorDiags(res)
		if len(errs) != 1 || errs[0].Summary != "Unable to Read Speech Recognition Result" || !strings.Contains(errs[0].Detail, `data "contactcenter_asr_transcript" { task_id = "`) {
			t.Errorf("a refusal ends the wait with the data source hint:\n%s", res.Text())
		}
		if n := countContaining(res.Progress, "failed ("); n != 0 {
			t.Errorf("a refusal (401) is not polled again: %q", res.Progress)
		}
	})
}

// TestASRTranscribeAction_outputFileMode: the doc promises mode 0600, but
// a file that existed kept its mode (0644): transcripts hold personal data.
// An output_file that is a folder failed only after the task had run; it
// is now refused before the task starts.
func TestASRTranscribeAction_outputFileMode(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	env.Sim.SetASRDuration(time.Millisecond)
	dir := t.TempDir()
	out := filepath.Join(dir, "t.json")
	// An earlier transcript (another kind of file is kept: outputFileNotATranscript).
	if err := os.WriteFile(out, []byte(`{"task_id": "asr00000001", "status": 30, "sentences": []}`), 0o644); err != nil { //nolint:gosec // the mode the action must replace
		t.Fatal(err)
	}
	res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "output_file": out})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("existing output_file: mode %v (%v), want 0600", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), `"sentences"`) {
		t.Errorf("output_file: %s", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left beside the transcript: %v", entries)
	}

	res = env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "output_file": dir})
	if !strings.Contains(res.Text(), "Invalid Output File: output_file \""+dir+"\" is a folder") || !strings.Contains(res.Text(), "Nothing was started.") {
		t.Errorf("a folder: %s", res.Text())
	}
	if n := env.Sim.Stats()["POST /portal/v3/api/asr/speechRecognition"]; n != 1 {
		t.Errorf("speechRecognition called %d times; the folder must be refused before a task starts", n)
	}
}

// TestASRTranscribeAction_outputFileNotATranscript: output_file named an
// existing file of another kind (a module's keep.tf, through a variable);
// the action replaced it with the transcript, mode 0600, and every later
// plan failed to read the module. Such a file is kept and nothing starts;
// an earlier transcript, or an empty file, is written over.
func TestASRTranscribeAction_outputFileNotATranscript(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	env.Sim.SetASRDuration(time.Millisecond)
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.tf")
	if err := os.WriteFile(keep, []byte("variable \"x\" {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": keep})
	if !strings.Contains(res.Text(), "output_file \""+keep+"\" exists and is not a transcript this action wrote") || !strings.Contains(res.Text(), "Nothing was started.") {
		t.Errorf("diagnostics: %s", res.Text())
	}
	if b, _ := os.ReadFile(keep); string(b) != "variable \"x\" {}\n" {
		t.Errorf("keep.tf now holds %q", b)
	}
	noASRTask(t, env)
	// A named pipe blocked the check's read for ever; a link would be
	// replaced by the transcript, not its target.
	fifo, link := filepath.Join(dir, "fifo"), filepath.Join(dir, "link.json")
	special := map[string]string{}
	if mkfifo(fifo) == nil {
		special[fifo] = "exists and is not a regular file (a folder, a named pipe or a device)"
	}
	if os.Symlink(keep, link) == nil {
		special[link] = "is a link (the transcript would replace the link, not the file it points to)"
	}
	for p, want := range special {
		res := env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "c1", "output_file": p})
		if !strings.Contains(res.Text(), "output_file \""+p+"\" "+want) {
			t.Errorf("%s: %s", p, res.Text())
		}
	}
	out := filepath.Join(dir, "t.json")
	for i := range 2 { // a new file, then the transcript it holds
		res = env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "output_file": out})
		if res.HasError() {
			t.Fatalf("run %d: %s", i+1, res.Text())
		}
	}
	// An empty file (made ready with touch) is replaced by the transcript.
	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	res = env.RunAction(t, "contactcenter_asr_transcribe", map[string]any{"call_id": "sim-call-42", "output_file": empty})
	if b, _ := os.ReadFile(empty); res.HasError() || !strings.Contains(string(b), `"sentences"`) {
		t.Errorf("an empty output_file: %s\nit holds %q, want the transcript", res.Text(), b)
	}
}

// noASRTask checks that no speech recognition call reached the simulator.
func noASRTask(t *testing.T, env *acctest.Env) {
	t.Helper()
	for k, n := range env.Sim.Stats() {
		if strings.Contains(k, "/asr/") && n > 0 {
			t.Errorf("%s called %d times: no task may start", k, n)
		}
	}
}

// TestASRTranscribeAction_refusedWithoutCallbackURL: a platform that reads
// §6.6 ("a request without callBackUrl returns code 402") as every request
// refuses one without callbacks. The refusal says callback_url is the way
// out; a 402 with callback_url set does not say so.
func TestASRTranscribeAction_refusedWithoutCallbackURL(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/asr/speechRecognition") {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"code":"402","success":false,"errorMsg":"callBackUrl 不能为空"}`)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	for _, cfg := range []map[string]any{{"call_id": "sim-call-42"}, {"call_id": "sim-call-42", "callback_url": "http://127.0.0.1:1/cb"}} {
		res := env.RunAction(t, "contactcenter_asr_transcribe", cfg)
		errs := errorDiags(res)
		if len(errs) != 1 || errs[0].Summary != "Unable to Start Speech Recognition" {
			t.Fatalf("diagnostics:\n%s", res.Text())
		}
		said := strings.Contains(errs[0].Detail, "if this platform asks for it even without callbacks, set callback_url")
		if _, set := cfg["callback_url"]; said == set {
			t.Errorf("callback_url set: %v; the detail says to set it: %v:\n%s", set, said, errs[0].Detail)
		}
	}
}
