# A voice file is imported by its id. The service does not return the file,
# so source and source_hash stay null after import; the next apply with them
# in the configuration records them without uploading again.
terraform import contactcenter_sound.hold_tone 512
