#include "core/errors/namesuggester.h"

namespace sqlmend::core {

QStringList NameSuggester::closest(QStringView wrong, const QStringList &candidates, int max)
{
    Q_UNUSED(wrong);
    Q_UNUSED(candidates);
    Q_UNUSED(max);
    return {};
}

std::optional<QString> NameSuggester::uniqueBest(QStringView wrong, const QStringList &candidates)
{
    Q_UNUSED(wrong);
    Q_UNUSED(candidates);
    return std::nullopt;
}

} // namespace sqlmend::core
