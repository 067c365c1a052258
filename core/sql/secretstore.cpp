#include "core/sql/secretstore.h"

namespace sqlmend::core {

SecretStore::~SecretStore() = default;

} // namespace sqlmend::core
