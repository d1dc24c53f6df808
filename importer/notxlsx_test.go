package importer

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpen_notXLSX: an OpenDocument file, an .xls and a CSV are refused
// saying what they are and what to do; they read as "EOF", "unsupported
// workbook file format" and "zip: not a valid zip file".
func TestOpen_notXLSX(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var ods bytes.Buffer
	zw := zip.NewWriter(&ods)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	_, _ = w.Write([]byte("application/vnd.oasis.opendocument.spreadsheet"))
	w, _ = zw.Create("content.xml")
	_, _ = w.Write([]byte("<office:document-content/>"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	const advice = `; ccsync reads Excel workbooks (.xlsx): save it as "Excel 2007-365 (.xlsx)" and run again`
	for name, tc := range map[string]struct {
		content []byte
		want    string
	}{
		"roster.ods": {ods.Bytes(), "is an OpenDocument file (.ods)" + advice},
		"roster.xls": {append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 600)...),
			"is an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)" + advice},
		"roster.csv":  {[]byte("user_num,user_name\n9001,李伟\n"), "is a text file (CSV?), not a workbook" + advice},
		"roster.xlsx": {[]byte("PK\x03\x04 broken"), "open "},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, tc.content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := openSheet(path, "Agents")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// TestOpen_zipBomb: a 1 MB workbook with a part that unpacks to 1 GiB of
// zeros took 3 GB of memory to read. A workbook whose parts unpack to
// more than 512 MiB is refused before anything is read, saying why.
func TestOpen_zipBomb(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "roster.xlsx")
	if err := WriteTemplate(good); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(good)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	// The size is what a reader learns from the header before unpacking:
	// declare 1 GiB; nothing of it is read.
	if _, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/media/zeros.bin", Method: zip.Store, UncompressedSize64: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	bomb := filepath.Join(dir, "bomb.xlsx")
	if err := os.WriteFile(bomb, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err = ReadRoster(bomb)
	if err == nil || !strings.Contains(err.Error(), "unpacks to more than 512 MiB") {
		t.Errorf("ReadRoster: %v, want the workbook refused for its unpacked size", err)
	}
	if _, _, err := ReadRoster(good); err != nil {
		t.Errorf("the workbook without the extra part: %v", err)
	}
}
