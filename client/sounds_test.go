package client_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// voiceEnv is a simulator on loopback and a client of it.
type voiceEnv struct {
	sim    *simulator.Server
	origin string
	c      *client.Client
}

func newVoiceEnv(t *testing.T, opts ...func(*simulator.Options)) *voiceEnv {
	t.Helper()
	o := simulator.Options{}
	for _, f := range opts {
		f(&o)
	}
	sim, err := simulator.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	return &voiceEnv{sim: sim, origin: srv.URL, c: voiceClient(t, srv.URL, "sim-token")}
}

func voiceClient(t *testing.T, origin, token string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: token, MaxRetries: 0})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// force makes the next call of method+path answer code (POST /_sim/faults).
func (e *voiceEnv) force(t *testing.T, method, path string, code int) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"force": []map[string]any{{"method": method, "path": path, "code": code, "count": 1}}})
	req, err := http.NewRequestWithContext(t.Context(), "POST", e.origin+"/_sim/faults", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("faults: HTTP %d", resp.StatusCode)
	}
}

// tinyWAV is a valid 8 kHz mono 8-bit WAV of n samples.
func tinyWAV(n int) []byte {
	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	w(uint32(36 + n))
	b.WriteString("WAVEfmt ")
	w(uint32(16))
	w(uint16(1))
	w(uint16(1))
	w(uint32(8000))
	w(uint32(8000))
	w(uint16(1))
	w(uint16(8))
	b.WriteString("data")
	w(uint32(n))
	for i := 0; i < n; i++ {
		b.WriteByte(byte(128 + (i%16)*4))
	}
	return b.Bytes()
}

func wantCode(t *testing.T, err error, code int64) {
	t.Helper()
	if !client.HasCode(err, code) {
		t.Fatalf("want code %d, got %v", code, err)
	}
}

func TestSoundsUploadPlayListDelete(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	wav := tinyWAV(64)
	id, path, err := e.c.Sounds.Upload(ctx, client.SoundInput{Name: "Hold music", Remark: "lobby", SoundType: 1, FileName: "hold.wav", Content: wav})
	if err != nil {
		t.Fatal(err)
	}
	if id == "" || path == "" {
		t.Fatalf("upload answered id %q path %q", id, path)
	}
	mp3 := append([]byte("ID3\x03\x00\x00\x00\x00\x00\x00"), bytes.Repeat([]byte{0}, 32)...)
	id2, _, err := e.c.Sounds.Upload(ctx, client.SoundInput{Name: "Survey prompt", SoundType: 2, FileName: "s.mp3", Content: mp3})
	if err != nil {
		t.Fatal(err)
	}
	frame := append([]byte{0xFF, 0xFB, 0x90, 0x64}, bytes.Repeat([]byte{0}, 32)...)
	if _, _, err := e.c.Sounds.Upload(ctx, client.SoundInput{Name: "Frame sync", SoundType: 6, Content: frame}); err != nil {
		t.Fatalf("an MP3 starting with a frame sync must be accepted: %v", err)
	}

	got, err := e.c.Sounds.Play(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, wav) {
		t.Fatalf("play returned %d bytes, want the %d uploaded", len(got), len(wav))
	}
	snd, err := e.c.Sounds.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Hold music", "lobby", "1", path}, []string{string(snd.Name), string(snd.Remark), strconv.FormatInt(int64(snd.SoundType), 10), string(snd.SoundsAddress)}); diff != "" {
		t.Errorf("list item (-want +got):\n%s", diff)
	}
	if snd.Address == "" || snd.AddTime == "" {
		t.Errorf("address and add_time must be set: %+v", snd)
	}

	cases := map[string]struct {
		f    client.SoundFilter
		want []string
	}{
		"all":        {client.SoundFilter{}, []string{"Hold music", "Survey prompt", "Frame sync"}},
		"keyword":    {client.SoundFilter{Keyword: "Survey"}, []string{"Survey prompt"}},
		"sound_type": {client.SoundFilter{SoundType: 1}, []string{"Hold music"}},
	}
	for name, tc := range cases {
		list, err := client.Collect(e.c.Sounds.List(ctx, tc.f))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range list {
			names = append(names, string(s.Name))
		}
		if diff := cmp.Diff(tc.want, names); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}

	res, err := e.c.Sounds.Delete(ctx, id, "99999", "abc")
	if err != nil {
		t.Fatal(err)
	}
	var codes []int64
	for _, r := range res {
		codes = append(codes, r.Code)
	}
	if diff := cmp.Diff([]int64{200, 403, 403}, codes); diff != "" {
		t.Errorf("per-item delete codes (-want +got):\n%s", diff)
	}
	if _, err := e.c.Sounds.Get(ctx, id); !client.IsNotFound(err) {
		t.Errorf("a deleted sound must be not found, got %v", err)
	}
	if _, err := e.c.Sounds.Play(ctx, id); !client.IsNotFound(err) || !client.HasCode(err, 403) {
		t.Errorf("play of a deleted sound: want code 403 not found, got %v", err)
	}
	if err := e.c.Sounds.DeleteOne(ctx, id); !client.IsNotFound(err) {
		t.Errorf("deleting a deleted sound again must be not found, got %v", err)
	}
	if err := e.c.Sounds.DeleteOne(ctx, id2); err != nil {
		t.Errorf("DeleteOne: %v", err)
	}
}

func TestSoundsUploadCodes(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	good := client.SoundInput{Name: "ok", SoundType: 1, Content: tinyWAV(16)}
	cases := map[string]struct {
		in    client.SoundInput
		force int
		want  int64
	}{
		"403 name empty":            {client.SoundInput{Name: " ", SoundType: 1, Content: tinyWAV(16)}, 0, 403},
		"404 format wrong":          {client.SoundInput{Name: "text", SoundType: 1, Content: []byte("this is not audio at all")}, 0, 404},
		"404 riff but not wave":     {client.SoundInput{Name: "avi", SoundType: 1, Content: []byte("RIFF\x00\x00\x00\x00AVI LIST")}, 0, 404},
		"404 sound_type out of 1-6": {client.SoundInput{Name: "t7", SoundType: 7, Content: tinyWAV(16)}, 0, 404},
		"409 no voice uploaded":     {client.SoundInput{Name: "none", SoundType: 1}, 0, 409},
		"405 sox conversion failed": {good, 405, 405},
		"406 conversion failed":     {good, 406, 406},
		"408 save failed":           {good, 408, 408},
		"401 enterprise code empty": {good, 401, 401},
		"402 enterprise unknown":    {good, 402, 402},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if tc.force != 0 {
				e.force(t, "POST", "/portal/v2/svcapi/sound/upload", tc.force)
			}
			_, _, err := e.c.Sounds.Upload(ctx, tc.in)
			wantCode(t, err, tc.want)
		})
	}
	if n := len(must(client.Collect(e.c.Sounds.List(ctx, client.SoundFilter{})))); n != 0 {
		t.Errorf("failed uploads must store nothing, %d sounds exist", n)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestSoundsOtherCodes(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	_, err := e.c.Sounds.Play(ctx, "12345")
	wantCode(t, err, 403)
	if !client.IsNotFound(err) {
		t.Errorf("play 403 must be not found")
	}
	_, err = e.c.Sounds.Delete(ctx)
	wantCode(t, err, 405)
	e.force(t, "GET", "/portal/v2/svcapi/sound/delete", 402)
	_, err = e.c.Sounds.Delete(ctx, "1")
	wantCode(t, err, 402)

	err = e.c.Do(ctx, client.Request{Surface: client.SurfacePortal, Method: "POST", Path: "/v2/svcapi/sound/list",
		Body: map[string]string{"info": "{not json"}, Envelope: client.EnvelopePortal}, nil)
	wantCode(t, err, 403)

	bad := voiceClient(t, e.origin, "wrong-token")
	_, err = client.Collect(bad.Sounds.List(ctx, client.SoundFilter{}))
	wantCode(t, err, 401)

	// Bearer auth applies to sound/delete as to every portal call.
	req, err := http.NewRequestWithContext(ctx, "GET", e.origin+"/portal/v2/svcapi/sound/delete?sound_id=%5B%22x%22%5D", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Fatalf("delete without a token: HTTP %d", resp.StatusCode)
	}
}

func TestSoundFormat(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in   []byte
		want string
	}{
		"wav":                {[]byte("RIFF\x24\x00\x00\x00WAVEfmt "), "wav"},
		"riff avi":           {[]byte("RIFF\x24\x00\x00\x00AVI LIST"), ""},
		"id3 mp3":            {[]byte("ID3\x04\x00"), "mp3"},
		"frame sync mp3":     {[]byte{0xFF, 0xFB, 0x90}, "mp3"},
		"MPEG-2 layer III":   {[]byte{0xFF, 0xF3, 0x64}, "mp3"},
		"MPEG-2.5 layer III": {[]byte{0xFF, 0xE3, 0x18}, "mp3"},
		// The sync bits alone are not enough: a UTF-16 text's byte-order
		// mark (FF FE) reads as a Layer I header, and the sound_file data
		// source overwrote such a file; a reserved layer or version, a
		// "bad" bitrate or a reserved sampling rate is no frame.
		"UTF-16 text":      {[]byte{0xFF, 0xFE, 'v', 0x00, 'a', 0x00}, ""},
		"reserved layer":   {[]byte{0xFF, 0xE0, 0x90}, ""},
		"reserved version": {[]byte{0xFF, 0xEB, 0x90}, ""},
		"bad bitrate":      {[]byte{0xFF, 0xFB, 0xF0}, ""},
		"reserved rate":    {[]byte{0xFF, 0xFB, 0x9C}, ""},
		"sync only":        {[]byte{0xFF, 0xFB}, ""},
		"not a sync":       {[]byte{0xFF, 0xD8, 0xFF}, ""},
		"text":             {[]byte("hello"), ""},
		"short riff":       {[]byte("RIFF"), ""},
		"empty":            {nil, ""},
	}
	for name, tc := range cases {
		if got := client.SoundFormat(tc.in); got != tc.want {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
}
