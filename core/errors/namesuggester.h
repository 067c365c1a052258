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
    // The one candidate that is the same name spelled differently: equal but for letter case and
    // underscores, or one typo away (a letter dropped, doubled, swapped or changed) from a name of
    // three or more letters when no other candidate is as close; a typo keeps the first letter
    // and every digit (numbered names are other names). Stricter than uniqueBest(): the
    // repairs use it, and must never turn a name into a real name of another meaning (they also
    // refuse a name that exists verbatim anywhere in the schema).
    static std::optional<QString> uniqueSpelling(QStringView wrong, const QStringList &candidates);
    // How alike two names are, from 0 (unrelated) to 1 (the same name spelled differently);
    // qualifiers and quotes are ignored (o."user_name" ~ username).
    static double score(QStringView wrong, QStringView candidate);
    // The words of a name, lower case, split at every character that is not a letter or a digit
    // and where a capital follows a small letter: Paragraph_Details -> paragraph, details;
    // orderItems -> order, items; StuID -> stu, id.
    static QStringList words(QStringView name);
    // A word for a table's name, singular or plural (battle, battles), in any letter case.
    static bool namesTable(QStringView word, QStringView table);
};

} // namespace sqlmend::core
