package importer

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// TestOpen_encrypted: a password-protected workbook is refused saying so,
// however its encryption header is made. One whose header sizes did not
// add up crashed ccsync with a Go panic (excelize v2.11.0 sliced the header
// by the size it declares), and one whose header asks for 2 000 000 000
// rounds of hashing kept ccsync busy for hours, deaf to Ctrl-C and SIGTERM
// (excelize hashed as many rounds as asked, before any password check).
// excelize v2.11.1 refuses both as no workbook it reads, and ccsync, which
// has no password to give, no longer has excelize open such a file at all.
func TestOpen_encrypted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	protected := filepath.Join(dir, "protected.xlsx")
	if err := WriteTemplate(protected); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(protected)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SaveAs(protected, excelize.Options{Password: "secret"}); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	raw, err := os.ReadFile(protected)
	if err != nil {
		t.Fatal(err)
	}
	// The EncryptionInfo stream of the standard encryption excelize
	// writes: version 3.2, flags 0x24 (AES, CryptoAPI), the header's size
	// (MS-OFFCRYPTO 2.3.4.5), the header, the verifier (2.3.3).
	at := bytes.Index(raw, []byte{3, 0, 2, 0, 0x24, 0, 0, 0})
	if at < 0 {
		t.Fatal("no standard EncryptionInfo stream in the protected workbook")
	}
	headerSize := int(binary.LittleEndian.Uint32(raw[at+8:]))
	infoLen := 12 + headerSize + 4 + 16 + 16 + 4 + 32 // salt, verifier, its AES-encrypted SHA-1

	badHeader := bytes.Clone(raw)
	binary.LittleEndian.PutUint32(badHeader[at+8:], 0xFFFFFF00)

	// The same stream made agile encryption (version 4.4, reserved 0x40,
	// MS-OFFCRYPTO 2.3.4.10) whose password key takes 2e9 rounds of SHA-512.
	spin := bytes.Clone(raw)
	agile := append([]byte{4, 0, 4, 0, 0x40, 0, 0, 0}, `<encryption><keyData hashAlgorithm="SHA512"/><keyEncryptors><keyEncryptor>`+
		`<e:encryptedKey xmlns:e="http://schemas.microsoft.com/office/2006/keyEncryptor/password" spinCount="2000000000"/>`+
		`</keyEncryptor></keyEncryptors></encryption>`...)
	if len(agile) > infoLen {
		t.Fatalf("the agile header (%d bytes) does not fit the stream (%d bytes)", len(agile), infoLen)
	}
	copy(spin[at:], append(agile, bytes.Repeat([]byte(" "), infoLen-len(agile))...))

	// Within excelize v2.11.1's bound (10 000 000 rounds) and with a key
	// size it accepts: it hashed for seconds (5 s of SHA-1 here) before
	// finding no workbook. openSheet no longer hands an OLE file to excelize.
	slowSpin := bytes.Clone(raw)
	agile = append([]byte{4, 0, 4, 0, 0x40, 0, 0, 0}, `<encryption><keyData hashAlgorithm="SHA1"/><keyEncryptors><keyEncryptor>`+
		`<e:encryptedKey xmlns:e="http://schemas.microsoft.com/office/2006/keyEncryptor/password" spinCount="9999999" keyBits="256"/>`+
		`</keyEncryptor></keyEncryptors></encryption>`...)
	if len(agile) > infoLen {
		t.Fatalf("the agile header (%d bytes) does not fit the stream (%d bytes)", len(agile), infoLen)
	}
	copy(slowSpin[at:], append(agile, bytes.Repeat([]byte(" "), infoLen-len(agile))...))

	const want = "is an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)"
	for name, content := range map[string][]byte{"protected.xlsx": raw, "bad-header.xlsx": badHeader, "spin.xlsx": spin, "slow-spin.xlsx": slowSpin} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					done <- fmt.Errorf("panic: %v", p)
				}
			}()
			_, err := openSheet(context.Background(), path, "Agents")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want %q", name, err, want)
			}
		case <-time.After(2 * time.Second):
			t.Errorf("%s: still opening after 2s, want it refused at once as %q", name, want)
		}
	}
}
