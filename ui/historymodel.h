#pragma once

#include "core/cases/questiontrace.h"

#include <QAbstractListModel>
#include <QList>

namespace sqlmend::ui {

// Past questions of the case store's history, newest first, one a row: the question, how it
// ended and when. The list is read on the store's thread and swapped in whole under a reset.
class HistoryModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { TraceIdRole = Qt::UserRole + 1, StatusRole, StartedRole };

    // Display text is cut here; the tooltip holds more of it.
    static constexpr int displayLength = 160;

    explicit HistoryModel(QObject *parent = nullptr);

    void setTraces(QList<core::QuestionTrace> traces);
    const QList<core::QuestionTrace> &traces() const { return m_traces; }
    // -1 when the id is not listed.
    int rowOfId(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    static QString statusText(core::QuestionStatus status);

private:
    QList<core::QuestionTrace> m_traces;
};

} // namespace sqlmend::ui
