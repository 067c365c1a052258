#pragma once

#include "ui/caselibraryedit.h"

#include <QCoreApplication>
#include <QUndoCommand>

#include <functional>

namespace sqlmend::ui {

// One undoable curation step: redo sends the change, undo sends its reverse. Both go through
// send, which queues them to the store's thread; the store, not this command, is the truth.
class CaseLibraryCommand : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::ui::CaseLibraryCommand)

public:
    using Send = std::function<void(const CaseLibraryEdit &)>;

    // before: the case as listed; after: the same case with the change made (for Remove, the
    // record that undo restores is before).
    CaseLibraryCommand(CaseLibraryEdit::Operation operation, const core::CaseRecord &before,
                       const core::CaseRecord &after, Send send);

    void redo() override;
    void undo() override;

    qint64 caseId() const { return m_before.id; }

private:
    static QString describe(CaseLibraryEdit::Operation operation, const core::CaseRecord &after);

    CaseLibraryEdit::Operation m_operation;
    core::CaseRecord m_before;
    core::CaseRecord m_after;
    Send m_send;
};

} // namespace sqlmend::ui
