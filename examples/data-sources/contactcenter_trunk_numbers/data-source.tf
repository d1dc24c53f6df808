# Trunk numbers (type 2) owned in Shanghai (area code 021).
data "contactcenter_trunk_numbers" "shanghai" {
  code = "021"
  type = 2
}

output "shanghai_trunks" {
  value = data.contactcenter_trunk_numbers.shanghai.phones
}
