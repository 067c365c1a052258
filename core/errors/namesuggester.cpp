#include "core/errors/namesuggester.h"

#include <utility>

#include <QList>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <cstdlib>

namespace sqlmend::core {

namespace {

// Identifiers longer than this are not names anyone meant; the cap keeps the quadratic edit
// distance bounded for hostile input.
constexpr qsizetype MaxNameLength = 128;
constexpr double MinScore = 0.5;
constexpr double UniqueMinScore = 0.8;
constexpr double UniqueMargin = 0.1;

// "public"."Orders" -> Orders; o.user_name -> user_name.
QStringView lastPart(QStringView name)
{
    name = name.trimmed();
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot >= 0 && dot + 1 < name.size())
        name = name.mid(dot + 1);
    while (!name.isEmpty() && QStringView(u"\"'`[]").contains(name.front()))
        name = name.mid(1);
    while (!name.isEmpty() && QStringView(u"\"'`[]").contains(name.back()))
        name.chop(1);
    return name.left(MaxNameLength);
}

// Lower case, letters and digits only: user_name, userName and USERNAME are one name.
QString normalised(QStringView name)
{
    QString result;
    result.reserve(name.size());
    for (QChar c : name) {
        if (c.isLetterOrNumber())
            result.append(c.toLower());
    }
    return result;
}

// Words of a name: user_name, userName and user-name -> [user, name].
QStringList words(QStringView name)
{
    QStringList result;
    QString current;
    QChar previous;
    for (QChar c : name) {
        if (!c.isLetterOrNumber()) {
            if (!current.isEmpty())
                result.append(current);
            current.clear();
        } else {
            if (c.isUpper() && previous.isLower() && !current.isEmpty()) {
                result.append(current);
                current.clear();
            }
            current.append(c.toLower());
        }
        previous = c;
    }
    if (!current.isEmpty())
        result.append(current);
    return result;
}

// categories -> category, orders -> order, boxes -> box; good enough for table and column names.
QString singular(const QString &word)
{
    if (word.size() > 4 && word.endsWith(u"ies"))
        return word.left(word.size() - 3) + u'y';
    if (word.size() > 4
        && (word.endsWith(u"sses") || word.endsWith(u"xes") || word.endsWith(u"ches")
            || word.endsWith(u"shes")))
        return word.left(word.size() - 2);
    if (word.size() > 2 && word.endsWith(u's') && !word.endsWith(u"ss"))
        return word.left(word.size() - 1);
    return word;
}

// Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    QVarLengthArray<int, 256> previous2(m + 1);
    QVarLengthArray<int, 256> previous(m + 1);
    QVarLengthArray<int, 256> current(m + 1);
    for (qsizetype j = 0; j <= m; ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int value = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                value = std::min(value, previous2[j - 2] + 1);
            current[j] = value;
        }
        std::swap(previous2, previous);
        std::swap(previous, current);
    }
    return previous[m];
}

// Every word of the wrong name starts the matching word of the candidate: pay_time ~ payment_time.
bool wordPrefixes(const QStringList &wrong, const QStringList &candidate)
{
    if (wrong.size() != candidate.size() || wrong.isEmpty())
        return false;
    bool shortened = false;
    for (qsizetype i = 0; i < wrong.size(); ++i) {
        if (wrong[i].size() < 2 && wrong[i] != candidate[i])
            return false;
        if (!candidate[i].startsWith(wrong[i]))
            return false;
        shortened = shortened || wrong[i].size() < candidate[i].size();
    }
    return shortened;
}

// qty ~ quantity: the same first letter and the rest in order; a stretch, so it scores low.
bool isAbbreviation(const QString &shortName, const QString &longName)
{
    if (shortName.size() < 2 || shortName.size() * 2 > longName.size()
        || shortName.front() != longName.front())
        return false;
    qsizetype at = 1;
    for (qsizetype i = 1; i < shortName.size(); ++i) {
        at = longName.indexOf(shortName[i], at);
        if (at < 0)
            return false;
        ++at;
    }
    return true;
}

struct Scored
{
    QString name;
    double score = 0;
};

// 1 means the same name in other spelling; below MinScore means unrelated.
double similarity(QStringView wrongName, QStringView candidateName)
{
    const QString wrong = normalised(wrongName);
    const QString candidate = normalised(candidateName);
    if (wrong.isEmpty() || candidate.isEmpty())
        return 0;
    if (wrong == candidate)
        return 1.0;

    const QStringList wrongWords = words(wrongName);
    const QStringList candidateWords = words(candidateName);
    auto singularJoined = [](const QStringList &list) {
        QString joined;
        for (const QString &word : list)
            joined += singular(word);
        return joined;
    };
    if (singularJoined(wrongWords) == singularJoined(candidateWords))
        return 0.95;

    double best = 0;
    const int distance = editDistance(wrong, candidate);
    const qsizetype longest = std::max(wrong.size(), candidate.size());
    // One typo in a short name is as telling as two in a long one.
    if (distance <= std::max<qsizetype>(1, longest / 3))
        best = std::max(best, 1.0 - double(distance) / double(longest) * 0.9);

    if (wordPrefixes(wrongWords, candidateWords) || wordPrefixes(candidateWords, wrongWords))
        best = std::max(best, 0.85);

    // name ~ first_name, status ~ order_status: one is a whole word run of the other.
    const QString &shorter = wrong.size() < candidate.size() ? wrong : candidate;
    const QString &longer = wrong.size() < candidate.size() ? candidate : wrong;
    if (shorter.size() >= 3 && longer.contains(shorter)) {
        const double ratio = double(shorter.size()) / double(longer.size());
        best = std::max(best, 0.45 + 0.3 * ratio);
    }

    if (isAbbreviation(wrong, candidate) || isAbbreviation(candidate, wrong))
        best = std::max(best, 0.6);
    return best;
}

QList<Scored> ranked(QStringView wrongInput, const QStringList &candidates)
{
    const QStringView wrong = lastPart(wrongInput);
    QList<Scored> result;
    // A name longer than any identifier cannot be close to one: no work grows with its length.
    if (wrong.isEmpty() || wrong.size() >= MaxNameLength)
        return result;
    QSet<QString> seen;
    for (const QString &candidate : candidates) {
        if (candidate.isEmpty() || seen.contains(candidate.toCaseFolded()))
            continue;
        seen.insert(candidate.toCaseFolded());
        const double score = similarity(wrong, lastPart(candidate));
        if (score >= MinScore)
            result.append({candidate, score});
    }
    std::stable_sort(result.begin(), result.end(), [](const Scored &a, const Scored &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return a.name.size() < b.name.size();
    });
    return result;
}

} // namespace

QStringList NameSuggester::closest(QStringView wrong, const QStringList &candidates, int max)
{
    QStringList result;
    for (const Scored &entry : ranked(wrong, candidates)) {
        if (result.size() >= max)
            break;
        result.append(entry.name);
    }
    return result;
}

std::optional<QString> NameSuggester::uniqueBest(QStringView wrong, const QStringList &candidates)
{
    const QList<Scored> list = ranked(wrong, candidates);
    if (list.isEmpty() || list.front().score < UniqueMinScore)
        return std::nullopt;
    if (list.size() > 1 && list.front().score - list.at(1).score < UniqueMargin)
        return std::nullopt;
    return list.front().name;
}

std::optional<QString> NameSuggester::uniqueSpelling(QStringView wrong,
                                                     const QStringList &candidates)
{
    const QString target = normalised(lastPart(wrong));
    if (target.size() < 3)
        return std::nullopt;
    const auto digits = [](const QString &name) {
        QString found;
        for (const QChar c : name) {
            if (c.isDigit())
                found.append(c);
        }
        return found;
    };
    const QString targetDigits = digits(target);
    QString best;
    int bestDistance = 2;
    int atBest = 0; // candidates at the best distance
    for (const QString &candidate : candidates) {
        const QString other = normalised(lastPart(candidate));
        if (other.isEmpty() || std::abs(other.size() - target.size()) > 1)
            continue;
        const int distance = other == target ? 0 : editDistance(target, other);
        // A typo keeps the first letter: a letter added or changed in front makes another word
        // ("sname", a song's or a singer's name, is not "Name").
        if (distance > 0 && other.front() != target.front())
            continue;
        // Numbers count things: "line_3" is not a misspelt "line_2", nor "phone2" of "phone".
        if (distance > 0 && digits(other) != targetDigits)
            continue;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
            atBest = 1;
        } else if (distance == bestDistance && !best.isEmpty()
                   && candidate.compare(best, Qt::CaseInsensitive) != 0) {
            ++atBest;
        }
    }
    if (best.isEmpty() || atBest != 1)
        return std::nullopt;
    // Equal but for case and underscores, or one typo that no other name is as close to.
    return best;
}

double NameSuggester::score(QStringView wrong, QStringView candidate)
{
    return similarity(lastPart(wrong), lastPart(candidate));
}

QStringList NameSuggester::words(QStringView name)
{
    QStringList words;
    QString current;
    const auto flush = [&] {
        if (!current.isEmpty())
            words.append(std::exchange(current, QString()).toLower());
    };
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (!c.isLetterOrNumber()) {
            flush();
            continue;
        }
        if (c.isUpper() && i > 0 && name.at(i - 1).isLower())
            flush();
        current.append(c);
    }
    flush();
    return words;
}

bool NameSuggester::namesTable(QStringView word, QStringView table)
{
    const auto same = [](QStringView a, QStringView b) {
        return a.compare(b, Qt::CaseInsensitive) == 0;
    };
    // One of them is the other with an "s" (or "es") at its end.
    const auto plural = [&same](QStringView one, QStringView many) {
        return (many.size() == one.size() + 1 && many.endsWith(u's', Qt::CaseInsensitive)
                && same(one, many.chopped(1)))
                || (many.size() == one.size() + 2 && many.endsWith(u"es", Qt::CaseInsensitive)
                    && same(one, many.chopped(2)));
    };
    return same(word, table) || plural(word, table) || plural(table, word);
}

} // namespace sqlmend::core
