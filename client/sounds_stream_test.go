package client_test

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestSoundsUpload_streamsTheFile: a contactcenter_sound of a 200 MB
// recording took 437 MB of memory at apply: the file was read whole, and
// copied whole again into the multipart body. Uploaded from its path, the
// file is read as the request is written: the upload of a 64 MiB file
// allocates a small part of it, and the service gets the file and the
// fields whole.
func TestSoundsUpload_streamsTheFile(t *testing.T) {
	const size = 64 << 20
	wav := tinyWAV(size)
	src := filepath.Join(t.TempDir(), "hold.wav")
	if err := os.WriteFile(src, wav, 0o600); err != nil {
		t.Fatal(err)
	}
	var got struct {
		fields map[string]string
		file   int64
		head   []byte
		length int64
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.length = r.ContentLength
		_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		mr := multipart.NewReader(r.Body, params["boundary"])
		got.fields = map[string]string{}
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			if p.FileName() != "" {
				head := make([]byte, 12)
				n, _ := io.ReadFull(p, head)
				m, _ := io.Copy(io.Discard, p)
				got.head, got.file = head[:n], int64(n)+m
				continue
			}
			b, _ := io.ReadAll(p)
			got.fields[p.FormName()] = string(b)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"code": 200, "message": "ok", "path": "/sounds/1.wav", "id": "1"}`)
	}))
	defer srv.Close()
	c := voiceClient(t, srv.URL, "t")
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	id, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold music", Remark: "lobby", SoundType: 1, FileName: "hold.wav", Path: src})
	runtime.ReadMemStats(&after)
	if err != nil || id != "1" {
		t.Fatalf("upload: id %q, %v", id, err)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > size/4 {
		t.Errorf("the upload of a %d MiB file allocated %d MiB: it was read into memory", size>>20, allocated>>20)
	}
	if got.file != int64(len(wav)) || !bytes.Equal(got.head, wav[:12]) || got.fields["name"] != "Hold music" || got.fields["remark"] != "lobby" || got.fields["sound_type"] != "1" {
		t.Errorf("the service got a file of %d bytes starting %q and fields %v, want %d bytes starting %q, name, remark and sound_type", got.file, got.head, got.fields, len(wav), wav[:12])
	}
	if got.length <= int64(len(wav)) {
		t.Errorf("Content-Length %d, want the body's length (not chunked)", got.length)
	}
}
