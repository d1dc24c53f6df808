package simulator

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

func TestSoundFormat(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in   []byte
		want string
	}{
		"wav":               {[]byte("RIFF\x24\x00\x00\x00WAVEfmt "), "wav"},
		"riff avi":          {[]byte("RIFF\x24\x00\x00\x00AVI LIST"), ""},
		"id3 mp3":           {[]byte("ID3\x04\x00"), "mp3"},
		"frame sync mp3":    {[]byte{0xFF, 0xFB, 0x90}, "mp3"},
		"frame sync 0xFFE0": {[]byte{0xFF, 0xE0}, "mp3"},
		"not a sync":        {[]byte{0xFF, 0xD8, 0xFF}, ""},
		"text":              {[]byte("hello"), ""},
		"short riff":        {[]byte("RIFF"), ""},
		"empty":             {nil, ""},
	}
	for name, tc := range cases {
		if got := soundFormat(tc.in); got != tc.want {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
}

func TestSoundIDList(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"[12,13]":      {"12", "13"},
		`["12","x"]`:   {"12", "x"},
		"12":           {"12"},
		"12, 13":       {"12", "13"},
		"[]":           {},
		"":             nil,
		"[12, abc]":    {"12", "abc"},
		`[12,"13",14]`: {"12", "13", "14"},
	}
	for in, want := range cases {
		got := soundIDList(in)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", in, diff)
		}
	}
}

func TestSoundNameForSkillGroup(t *testing.T) {
	t.Parallel()
	var x SoundsState
	x.init()
	x.Sounds[501] = &Sound{ID: 501, Name: "Hold"}
	for in, want := range map[string]string{"501": "Hold", " 501 ": "Hold", "0": "", "-1": "", "502": "", "x": ""} {
		got, ok := x.soundName(in)
		if got != want || ok != (want != "") {
			t.Errorf("soundName(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// The demo's hold tone (examples/complete/hold-tone.wav, 444 bytes, 8 kHz
// mono 8-bit, 400 samples of a 440 Hz sine) must pass the upload check.
func TestDemoHoldToneIsWAV(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"../examples/complete/hold-tone.wav", "../examples/resources/contactcenter_sound/hold-tone.wav"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if soundFormat(b) != "wav" || len(b) > 1024 {
			t.Errorf("%s: format %q, %d bytes", p, soundFormat(b), len(b))
		}
	}
}

// Voice files and ASR tasks survive a restart with --state.
func TestVoiceStatePersists(t *testing.T) {
	t.Parallel()
	statePath := filepath.Join(t.TempDir(), "state.json")
	start := func() (*client.Client, func()) {
		s, err := New(Options{StatePath: statePath})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(s)
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
		if err != nil {
			t.Fatal(err)
		}
		return c, func() { srv.Close(); s.Wait() }
	}
	c, stop := start()
	wav := []byte("RIFF\x04\x00\x00\x00WAVEdata")
	id, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: "kept", SoundType: 3, Content: wav})
	if err != nil {
		t.Fatal(err)
	}
	task, err := c.ASR.Recognize(t.Context(), client.ASRRequest{CallID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	stop()
	c, stop = start()
	defer stop()
	got, err := c.Sounds.Play(t.Context(), id)
	if err != nil || string(got) != string(wav) {
		t.Errorf("after restart, play %s: %q %v", id, got, err)
	}
	if _, err := c.ASR.Query(t.Context(), task); err != nil && !client.IsASRInProgress(err) {
		t.Errorf("after restart, the ASR task is lost: %v", err)
	}
}

// TestUploadOverBodyLimit: a body over the simulator's 64 MiB limit is
// refused saying so; it was cut short and read as "unexpected EOF".
func TestUploadOverBodyLimit(t *testing.T) {
	t.Parallel()
	sim, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, maxBody+1024)
	copy(big, "RIFF\x24\x00\x00\x00WAVEfmt ")
	_, _, err = c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Big", SoundType: 1, FileName: "big.wav", Content: big})
	if err == nil || !strings.Contains(err.Error(), "the body is over 64 MiB, the simulator's limit (the spec names none)") {
		t.Errorf("upload over the limit: %v", err)
	}
}

// TestSoundListInfoIsText: sound/list's info is a string holding JSON
// (§4.5); sent as an object it is refused with 403 "info is not JSON"
// (§7.2), like queue/list's (404).
func TestSoundListInfoIsText(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{})
	const path = "/portal/v2/svcapi/sound/list"
	for body, want := range map[string]float64{
		`{}`: 200,
		`{"info":"{\"filter\":{\"keyword\":\"x\"}}"}`: 200,
		`{"info":{"filter":{"keyword":"x"}}}`:         403,
		`{"info":"{nope"}`:                            403,
	} {
		if r := h.api("POST", path, body); r.num("code") != want {
			t.Errorf("%s: want code %v, got %s", body, want, r.raw)
		}
	}
}
