#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// Ranks real names by how likely they are what a wrong identifier meant
// (user_name -> username, order -> orders, pay_time -> payment_time).
class NameSuggester
{
public:
    // Up to max candidates, best first; names too far from the wrong one are left out.
    static QStringList closest(QStringView wrong, const QStringList &candidates, int max = 3);
    // The one candidate that is clearly better than every other, if there is one; used by autofix,
    // which must never guess between two plausible names.
    static std::optional<QString> uniqueBest(QStringView wrong, const QStringList &candidates);
    // How alike two names are, from 0 (unrelated) to 1 (the same name spelled differently);
    // qualifiers and quotes are ignored (o."user_name" ~ username).
    static double score(QStringView wrong, QStringView candidate);
};

} // namespace sqlmend::core
